import type { TActivityEvent, TActivityKind, TPublicActivity, TPublicStats } from '@meridian/contracts/content';
import type { Db } from '../../../db/client.ts';
import {
  countClientsAndCountries,
  firstAccountCreatedAt,
  recentCompletedEvents,
  type TActivityRow,
} from './public-stats.repository.ts';

/** How many events the live-activity popup cycles through, and how old they may be. */
export const ACTIVITY_LIMIT = 10;
export const ACTIVITY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** These public answers are read by every visitor: they are recomputed at most this often. */
export const STATS_CACHE_MS = 60_000;
export const ACTIVITY_CACHE_MS = 30_000;

/** Rounding steps (in dollars) by size, so no exact amount is ever published. */
const ROUNDING_STEPS: readonly { below: bigint; step: bigint }[] = [
  { below: 100_00n, step: 10n },
  { below: 1_000_00n, step: 50n },
  { below: 10_000_00n, step: 250n },
  { below: 100_000_00n, step: 1_000n },
];
const LARGEST_STEP = 10_000n;

/** Whole dollars, rounded to the nearest step for its size (never 0): 1 234.56 → 1 250, 37 → 40. */
export function roundForDisplay(cents: bigint): number {
  const step = (ROUNDING_STEPS.find((s) => cents < s.below)?.step ?? LARGEST_STEP) * 100n;
  const rounded = ((cents + step / 2n) / step) * step;
  return Number((rounded > 0n ? rounded : step) / 100n);
}

const KIND: Record<string, TActivityKind> = { Deposit: 'deposit', Withdrawal: 'withdrawal', Investment: 'investment' };

/** Who did it, anonymised: the country code when known, else the first-name initial; nothing for a closed account. */
function who(row: TActivityRow): { country: string | null; initial: string | null } {
  if (row.closedAt) return { country: null, initial: null };
  if (row.country) return { country: row.country, initial: null };
  const first = Array.from(row.firstname.trim())[0];
  return { country: null, initial: first && /\p{L}/u.test(first) ? first.toLocaleUpperCase('en') : null };
}

export function toActivityEvent(row: TActivityRow, now: number): TActivityEvent | undefined {
  const kind = KIND[row.type];
  if (!kind) return undefined;
  return {
    kind,
    ...who(row),
    amount: roundForDisplay(row.amount),
    minutesAgo: Math.max(0, Math.floor((now - row.at.getTime()) / 60_000)),
  };
}

interface Cached<T> {
  value: T;
  at: number;
}

/**
 * Figures the platform computes for the public site: open client accounts, countries they live in,
 * days online, and real recent events (anonymised). Each is cached briefly, as every visitor asks.
 *
 * "Days online" counts from the platform's launch, not from this process's start: a restart or a
 * deploy does not make the platform new, and a figure that fell back to 0 on every deploy (and read
 * "0 hours" for the first hour) told visitors nothing. The launch is the platform's first account,
 * made by its very first start, so it is computed, not configured; the content file's founding year
 * is the operator's own history (the About page says it) and may predate the platform by years.
 * Only an empty database, before the first admin exists, counts from this process's start.
 */
export class PublicStatsService {
  private stats: Cached<{ clients: number; countries: number; launchedAt: number }> | undefined;
  private activity: Cached<TActivityRow[]> | undefined;
  private readonly now: () => number;
  private readonly processStartedAt: number;

  constructor(
    private readonly db: Db,
    options: { now?: () => number; processStartedAt?: number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.processStartedAt = options.processStartedAt ?? Math.round(Date.now() - process.uptime() * 1000);
  }

  async publicStats(): Promise<TPublicStats> {
    const now = this.now();
    if (!this.stats || now - this.stats.at >= STATS_CACHE_MS) {
      const [counts, firstAccount] = await Promise.all([
        countClientsAndCountries(this.db),
        firstAccountCreatedAt(this.db),
      ]);
      const launchedAt = Math.min(firstAccount?.getTime() ?? this.processStartedAt, this.processStartedAt);
      this.stats = { value: { ...counts, launchedAt }, at: now };
    }
    const { clients, countries, launchedAt } = this.stats.value;
    return {
      clients,
      countries,
      daysOnline: Math.max(0, Math.floor((now - launchedAt) / DAY_MS)),
      launchedAt: new Date(launchedAt).toISOString(),
    };
  }

  async recentActivity(): Promise<TPublicActivity> {
    const now = this.now();
    if (!this.activity || now - this.activity.at >= ACTIVITY_CACHE_MS) {
      const rows = await recentCompletedEvents(this.db, new Date(now - ACTIVITY_WINDOW_MS), ACTIVITY_LIMIT);
      this.activity = { value: rows, at: now };
    }
    const events = this.activity.value
      .filter((row) => now - row.at.getTime() < ACTIVITY_WINDOW_MS)
      .map((row) => toActivityEvent(row, now))
      .filter((e): e is TActivityEvent => e !== undefined);
    return { events };
  }
}
