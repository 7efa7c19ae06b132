import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `floorMs` have passed since `startedAt` (a `performance.now()` reading). Answers that
 * must not tell apart two cases (an email with an account or without one) end no sooner than the
 * floor, so the different work behind them does not show in their timing (docs/security.md).
 */
export async function waitUntilElapsed(startedAt: number, floorMs: number): Promise<void> {
  const left = startedAt + floorMs - performance.now();
  if (left > 0) await sleep(left);
}
