import { STATEMENT_MAX_DAYS } from '@meridian/contracts/statements';

/** The periods the dialog offers; `custom` takes two dates. */
export const STATEMENT_PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'custom'] as const;
export type TStatementPreset = (typeof STATEMENT_PRESETS)[number];

/** A period as the API takes it: [from, to), instants at the reader's local midnights. */
export interface TStatementPeriod {
  from: Date;
  to: Date;
}

export type TPeriodProblem = 'required' | 'order' | 'future' | 'tooLong';

/** `YYYY-MM-DD` of a local date (what a date input holds). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a `YYYY-MM-DD`, or null when it is not a date. */
function midnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) || localDay(date) !== day ? null : date;
}

/**
 * The period of a preset, in the reader's local days: this month and this year run to the end of
 * today; last month is the whole calendar month before this one.
 */
export function presetPeriod(preset: Exclude<TStatementPreset, 'custom'>, now = new Date()): TStatementPeriod {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  switch (preset) {
    case 'thisMonth':
      return { from: new Date(now.getFullYear(), now.getMonth(), 1), to: tomorrow };
    case 'lastMonth':
      return {
        from: new Date(now.getFullYear(), now.getMonth() - 1, 1),
        to: new Date(now.getFullYear(), now.getMonth(), 1),
      };
    case 'thisYear':
      return { from: new Date(now.getFullYear(), 0, 1), to: tomorrow };
  }
}

/**
 * A custom period from two dates, both days included (`to` becomes the next local midnight), or the
 * problem with it: a missing date, an end before the start, a start after today, more than a year.
 */
export function customPeriod(
  fromDay: string,
  toDay: string,
  now = new Date(),
): { period: TStatementPeriod } | { problem: TPeriodProblem } {
  const from = midnight(fromDay);
  const last = midnight(toDay);
  if (!from || !last) return { problem: 'required' };
  if (last < from) return { problem: 'order' };
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (from > today) return { problem: 'future' };
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  // Whole local days: a day with a clock change is 23 or 25 hours, which the count ignores.
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  if (days > STATEMENT_MAX_DAYS) return { problem: 'tooLong' };
  return { period: { from, to } };
}
