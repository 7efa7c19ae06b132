import { useEffect, useState } from 'react';

/**
 * The current time (ms since epoch), renewed every `everyMs`: one clock for a page's countdowns, or
 * for what becomes overdue while the page is open. Read from the clock at each tick, so a throttled
 * background tab catches up instead of drifting.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
