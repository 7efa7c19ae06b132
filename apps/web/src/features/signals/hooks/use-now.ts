import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../constants';

/**
 * The current time (ms since epoch), renewed every `tickMs`: one clock for every countdown of a page.
 * Read from the clock at each tick, so a throttled background tab catches up instead of drifting.
 */
export function useNow(tickMs = COUNTDOWN_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(id);
  }, [tickMs]);
  return now;
}
