import type { TSignal, TSignalEvidence } from '@meridian/contracts/signals';

/**
 * Settle is offered on an active signal and on a completed one the job runner has not settled (no
 * result): the settlement itself takes only the result the prices give.
 */
export function canSettle(signal: Pick<TSignal, 'status' | 'result'>): boolean {
  return signal.status === 'active' || (signal.status === 'completed' && signal.result === null);
}

/**
 * Why the evidence decides nothing yet: the signal is still open and its target has not been
 * touched (`open`), or the stored prices do not reach its closing time, as while the feed is
 * interrupted (`incomplete`).
 */
export type TUndecidedReason = 'open' | 'incomplete';

export function undecidedReason(
  signal: Pick<TSignal, 'closingTime'>,
  evidence: Pick<TSignalEvidence, 'result' | 'touchedAt'>,
  now: number,
): TUndecidedReason | null {
  if (evidence.result !== null) return null;
  return evidence.touchedAt === null && now < Date.parse(signal.closingTime) ? 'open' : 'incomplete';
}
