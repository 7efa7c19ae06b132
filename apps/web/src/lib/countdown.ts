import { numberFormat } from './format';

/** Whole seconds left until `deadline` (ms since epoch), rounded up, never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Seconds as m:ss (300 → "5:00", 59 → "0:59"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Time left as a long countdown shows it (a signal's, a position's): whole seconds rounded up (so it
 * reads 00:00:01 until the very end), split into days, hours, minutes and seconds.
 */
export function timeLeftParts(msLeft: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** "03:04:05", or "2d 03:04:05" (the day unit in the reader's language) from a day on. */
export function formatTimeLeft(msLeft: number, locale = 'en'): string {
  const { days, hours, minutes, seconds } = timeLeftParts(msLeft);
  const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
  if (days === 0) return clock;
  const day = numberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'narrow' }).format(days);
  return `${day} ${clock}`;
}
