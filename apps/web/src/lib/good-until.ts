/**
 * Until when a pending order waits, as the order form and the Edit order dialog offer it: good till
 * cancelled, or a time this far from now (contracts' `goodUntilProblem` allows up to a year). The
 * time is worked out when the client confirms, so "1 hour" is an hour from then.
 */
export const GOOD_UNTIL_CHOICES = ['gtc', '1h', '1d', '1w', '1m'] as const;
export type TGoodUntilChoice = (typeof GOOD_UNTIL_CHOICES)[number];

const HOUR_MS = 60 * 60 * 1000;
const AHEAD_MS: Record<Exclude<TGoodUntilChoice, 'gtc' | '1m'>, number> = {
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '1w': 7 * 24 * HOUR_MS,
};

/** The good-until time `choice` gives at `now` (ms since the epoch), as an ISO time; null for good till cancelled. A month is a calendar month. */
export function goodUntilAt(choice: TGoodUntilChoice, now: number): string | null {
  if (choice === 'gtc') return null;
  if (choice === '1m') {
    const date = new Date(now);
    const day = date.getUTCDate();
    date.setUTCMonth(date.getUTCMonth() + 1);
    // 31 January + 1 month is the last day of February, not 3 March.
    if (date.getUTCDate() !== day) date.setUTCDate(0);
    return date.toISOString();
  }
  return new Date(now + AHEAD_MS[choice]).toISOString();
}
