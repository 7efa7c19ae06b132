import { useEffect, useState } from 'react';
import { secondsLeft } from '@/lib/countdown';

/**
 * Seconds left of a countdown that starts when the component mounts (a dialog's content mounts on
 * open, so closing it resets the countdown). Measured against a deadline, so a throttled background
 * tab catches up instead of drifting.
 */
export function useCountdown(totalSeconds: number): number {
  const [deadline] = useState(() => Date.now() + totalSeconds * 1000);
  const [left, setLeft] = useState(totalSeconds);
  useEffect(() => {
    const tick = () => setLeft(secondsLeft(deadline, Date.now()));
    const id = window.setInterval(() => {
      tick();
      if (Date.now() >= deadline) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);
  return left;
}
