import type { TSignal } from '@meridian/contracts/signals';

/**
 * Where a signal stands in time: before its schedule time it `opens` (the only time it can be
 * joined), until its closing time it `closes`, then it has `expired` (settled soon after by the server).
 */
export type TSignalPhase = 'opens' | 'closes' | 'expired';

export function signalPhase(
  signal: Pick<TSignal, 'scheduleTime' | 'closingTime'>,
  now: number,
): { phase: TSignalPhase; msLeft: number } {
  const opens = Date.parse(signal.scheduleTime);
  const closes = Date.parse(signal.closingTime);
  if (now < opens) return { phase: 'opens', msLeft: opens - now };
  if (now < closes) return { phase: 'closes', msLeft: closes - now };
  return { phase: 'expired', msLeft: 0 };
}

/** A signal can be joined while it is pending, before it opens, by a client who has not joined it. */
export function canJoin(signal: Pick<TSignal, 'status' | 'joined' | 'scheduleTime' | 'closingTime'>, now: number) {
  return signal.status === 'pending' && !signal.joined && signalPhase(signal, now).phase === 'opens';
}
