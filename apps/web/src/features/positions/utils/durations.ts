import { numberFormat } from '@/lib/format';

/** Units a position's expiration is said in, largest first, with their length in minutes. */
const UNITS = [
  ['year', 525_600],
  ['month', 43_200],
  ['week', 10_080],
  ['day', 1_440],
  ['hour', 60],
  ['minute', 1],
] as const;
export type TDurationUnit = (typeof UNITS)[number][0];

/**
 * An expiration in minutes as a count of the largest unit that divides it exactly: 240 is 4 hours,
 * 4320 is 3 days, 20160 is 2 weeks, 43200 (30 days) is 1 month, 525600 (365 days) is 1 year.
 */
export function durationParts(minutes: number): { value: number; unit: TDurationUnit } {
  for (const [unit, length] of UNITS) {
    if (minutes >= length && minutes % length === 0) return { value: minutes / length, unit };
  }
  return { value: minutes, unit: 'minute' };
}

/**
 * "4 hours", "1 month", in the reader's language (Intl's own unit names). The formatters are kept
 * (lib/format.ts): the order form lists twelve durations, and building a unit formatter costs a
 * phone milliseconds each.
 */
export function formatDuration(minutes: number, locale = 'en'): string {
  const { value, unit } = durationParts(minutes);
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
