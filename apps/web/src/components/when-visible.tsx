import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Mounts its children only when the placeholder comes within a screen of the viewport, so sections
 * below the fold (and the code they load) cost the first paint nothing. The placeholder keeps the
 * section's height, so nothing shifts.
 */
export function WhenVisible({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={ref} style={visible ? undefined : { minHeight }}>
      {visible ? children : null}
    </div>
  );
}
