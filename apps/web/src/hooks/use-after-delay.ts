import { useEffect, useEffectEvent } from 'react';

/** Runs `action` once, `delayMs` after `active` turns true; leaving the page first cancels it. */
export function useAfterDelay(active: boolean, delayMs: number, action: () => void): void {
  const run = useEffectEvent(action);
  useEffect(() => {
    if (!active) return;
    const id = window.setTimeout(() => run(), delayMs);
    return () => window.clearTimeout(id);
  }, [active, delayMs]);
}
