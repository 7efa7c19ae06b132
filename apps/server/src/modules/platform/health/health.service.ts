import type {
  TDependencyCheck,
  TFeedCheck,
  THealth,
  TJobStatus,
  TJobsCheck,
  TLiveness,
  TMailCheck,
  TRedisCheck,
} from '@meridian/contracts/health';
import type { TQuote } from '@meridian/contracts/market';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import type { Db, DbKind } from '../../../db/client.ts';
import { within } from '../../../lib/within.ts';
import type { TMailerState } from '../mail/index.ts';
import { pingDatabase } from './health.repository.ts';

/** How long the database may take to answer the readiness ping before it counts as unavailable. */
export const DATABASE_PING_TIMEOUT_MS = 2000;
/** Redis answers in well under a millisecond when it is there; waiting longer only delays the answer. */
export const REDIS_PING_TIMEOUT_MS = 500;
/**
 * A job whose next run is overdue by more than its interval, and at least by this, is reported as
 * lagging: a run may take a while (a batch of payouts), a minute behind is not that.
 */
export const JOB_LAG_TOLERANCE_MS = 60_000;

/** Liveness: answering at all is the proof; nothing else is asked. */
export function readLiveness(): TLiveness {
  return { status: 'ok' };
}

/** What the readiness check reads; each part is what the app already holds (app.ts). */
export interface TReadinessSources {
  db: Db;
  dbKind: DbKind;
  /** The shared Redis (ioredis), or undefined when REDIS_URL is not set. */
  redis: { ping(): Promise<string> } | undefined;
  jobs: { isStarted: boolean; status(): TJobStatus[] };
  market: { quotes(): TQuote[]; feedState(): { role: TFeedCheck['role']; connected: boolean } };
  /** Platform mail: this server's sending, and the queue's counts from the database. */
  mail: { state: TMailerState; counts(): Promise<{ queued: number; failed: number }> };
  /** Told of a failed ping with its error (for the log: the answer never carries it). */
  onFailure: (component: 'database' | 'redis', err: unknown) => void;
}

/**
 * Readiness (docs/operations.md, "Health"): `ok` when the database answers, `unavailable` otherwise
 * (the route answers 503). Redis, the jobs and the feed only ever make their own check `degraded`. No error message is answered: a failure's details go to `onFailure` (the log).
 */
export async function readReadiness(sources: TReadinessSources): Promise<THealth> {
  const { redis: client, onFailure } = sources;
  const [database, redis] = await Promise.all([
    ping(
      () => pingDatabase(sources.db),
      DATABASE_PING_TIMEOUT_MS,
      (err) => onFailure('database', err),
    ),
    client
      ? ping(
          () => client.ping(),
          REDIS_PING_TIMEOUT_MS,
          (err) => onFailure('redis', err),
        ).then(({ status, latencyMs }): TRedisCheck => ({ status: status === 'ok' ? 'ok' : 'degraded', latencyMs }))
      : null,
  ]);
  const jobs = sources.jobs.status();
  const ready = database.status === 'ok';
  const counts = ready ? await sources.mail.counts().catch(() => null) : null;
  return {
    status: ready ? 'ok' : 'unavailable',
    db: sources.dbKind,
    checks: {
      database,
      redis,
      jobs: jobsCheck(sources.jobs.isStarted, jobs),
      feed: feedCheck(sources.market.quotes(), sources.market.feedState(), Date.now()),
      mail: mailCheck(sources.mail.state, counts),
    },
    jobs,
  };
}

/** Runs `fn`, timing it; a failure or no answer within `timeoutMs` is `unavailable`. */
async function ping(fn: () => Promise<unknown>, timeoutMs: number, onFailure: (err: unknown) => void) {
  const started = performance.now();
  try {
    await within(fn(), timeoutMs, `no answer within ${timeoutMs} ms`);
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return { status: 'ok', latencyMs } satisfies TDependencyCheck;
  } catch (err) {
    onFailure(err);
    return { status: 'unavailable', latencyMs: null } satisfies TDependencyCheck;
  }
}

/** A job lags when enabled and overdue by more than its interval, and at least `JOB_LAG_TOLERANCE_MS`. */
export function jobsCheck(started: boolean, jobs: TJobStatus[]): TJobsCheck {
  const enabled = jobs.filter((job) => job.enabled);
  const lagging = enabled
    .filter((job) => job.lagMs > Math.max(JOB_LAG_TOLERANCE_MS, job.intervalMs))
    .map((job) => job.name);
  const failing = enabled.filter((job) => job.lastError !== null).map((job) => job.name);
  const ok = started && lagging.length === 0 && failing.length === 0;
  return { status: ok ? 'ok' : 'degraded', started, lagging, failing };
}

/**
 * The feed from the quotes served and the feed's own state: the freshest price's age, every pair
 * stale or without a price, and whether this server leads or follows the shared feed.
 */
export function feedCheck(
  quotes: TQuote[],
  state: { role: TFeedCheck['role']; connected: boolean },
  now: number,
): TFeedCheck {
  const byPair = new Map<TPair, TQuote>(quotes.map((quote) => [quote.pair, quote]));
  const stalePairs = MARKET_PAIRS.filter((pair) => byPair.get(pair)?.stale !== false);
  const latest = quotes.reduce((max, quote) => Math.max(max, Date.parse(quote.time)), Number.NEGATIVE_INFINITY);
  return {
    status: stalePairs.length === 0 && state.connected ? 'ok' : 'degraded',
    lastTickAgeMs: Number.isFinite(latest) ? Math.max(0, Math.round(now - latest)) : null,
    stalePairs,
    role: state.role,
    connected: state.connected,
  };
}

/** Mail is degraded while this server's latest attempt failed; it is kept and retried meanwhile. */
export function mailCheck(state: TMailerState, counts: { queued: number; failed: number } | null): TMailCheck {
  const failing = state.lastAttempt?.ok === false;
  return {
    status: failing ? 'degraded' : 'ok',
    transport: state.transport,
    queued: counts?.queued ?? null,
    failed: counts?.failed ?? null,
    lastError: failing ? (state.lastAttempt?.error ?? null) : null,
  };
}
