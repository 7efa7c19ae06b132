import { type ReactNode, useEffect, useState } from 'react';

/**
 * Shows `fallback` until the page has loaded, has painted what mounted this (the first screen it
 * belongs to), and the browser has a quiet moment, then `children`: for something in the first
 * screen that must not compete with the first paint for the network or the main thread (the hero's
 * live prices and the code behind them). The `load` event alone comes too early for that: the page
 * renders after it, once its lazy route has arrived. The fallback should take the same room, so
 * nothing moves.
 */
export function WhenIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let frame: number | undefined;
    let timer: number | undefined;
    let idleCallback: number | undefined;
    const wait = () => {
      // The animation frame comes before the paint of what just mounted; the timer after it.
      frame = window.requestAnimationFrame(() => {
        timer = window.setTimeout(() => {
          if ('requestIdleCallback' in window) {
            idleCallback = window.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
          } else setIdle(true);
        }, 0);
      });
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      if (frame !== undefined) window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      if (idleCallback !== undefined) window.cancelIdleCallback(idleCallback);
    };
  }, []);
  return idle ? children : fallback;
}
