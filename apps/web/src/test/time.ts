import { vi } from 'vitest';

/**
 * Moves the wall clock (`Date.now`) `ms` ahead, with timers left real: a countdown measured against
 * a deadline (the deposit wait, the code resend wait) ends on its next tick. Undone after the test
 * (the setup file restores every mock).
 */
export function skipAhead(ms: number): void {
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
}
