import { type ReactNode, useEffect, useState } from 'react';

/**
 * Shows `fallback` until the page has loaded and the browser has a quiet moment, then `children`:
 * for something in the first screen that must not compete with the first paint for the network or
 * the main thread (the hero's live prices and the code behind them). The fallback should take the
 * same room, so nothing moves.
 */
export function WhenIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const wait = () => {
      timer = window.setTimeout(() => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
        else setIdle(true);
      }, 0);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      window.clearTimeout(timer);
    };
  }, []);
  return idle ? children : fallback;
}
