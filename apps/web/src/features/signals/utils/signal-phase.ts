import type { TSignal } from '@meridian/contracts/signals';
import { numberFormat } from '@/lib/format';

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

/**
 * Time left as the countdown shows it: whole seconds rounded up (so it reads 00:00:01 until the very
 * end), split into days, hours, minutes and seconds.
 */
export function countdownParts(msLeft: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** "03:04:05", or "2d 03:04:05" (the day unit in the reader's language) from a day on. */
export function formatCountdown(msLeft: number, locale = 'en'): string {
  const { days, hours, minutes, seconds } = countdownParts(msLeft);
  const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
  if (days === 0) return clock;
  const day = numberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'narrow' }).format(days);
  return `${day} ${clock}`;
}
