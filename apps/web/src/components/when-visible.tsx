import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Mounts its children only when the placeholder comes near the viewport (within `margin`, a screen
 * by default), so sections below the fold (and the code, requests and live updates they bring) cost
 * the first paint nothing. The placeholder keeps the section's height, so nothing shifts.
 */
export function WhenVisible({
  minHeight,
  margin = '100%',
  className,
  children,
}: {
  minHeight: string;
  /** How far below (and above) the viewport the placeholder counts as near: a CSS length or percentage. */
  margin?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible, margin]);
  return (
    <div ref={ref} className={className} style={visible ? undefined : { minHeight }}>
      {visible ? children : null}
    </div>
  );
}

/**
 * Whether the element of `ref` is in the viewport now (false until it has been seen): for what
 * needs no work while nobody can see it, such as live prices re-rendering every second.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setInView(last.isIntersecting);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
