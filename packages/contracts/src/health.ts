import { z } from 'zod';
import { MARKET_PAIRS } from './pairs.ts';

/**
 * What a server says about itself to the operator's monitoring and load balancer
 * (docs/operations.md, "Health"): liveness (the process answers) and readiness (what it needs to
 * serve answers too, and how its jobs and price feed are doing).
 */

/** GET /api/health/live: the process runs and its event loop answers; nothing else is asked. */
export const ZLiveness = z.object({ status: z.literal('ok') });
export type TLiveness = z.infer<typeof ZLiveness>;

/** The state of one scheduled job of this instance (apps/server/src/jobs). */
export const ZJobStatus = z.object({
  name: z.string(),
  /** Off when its setting turns automatic runs off (Process All Trades still pays). */
  enabled: z.boolean(),
  running: z.boolean(),
  /** Time between the end of one timed run and the start of the next. */
  intervalMs: z.number().int().positive(),
  lastRunAt: z.iso.datetime().nullable(),
  /** Items the last run finished, and all runs since this instance started. */
  lastProcessed: z.number().int(),
  totalProcessed: z.number().int(),
  /** The last run's failure: the error's kind and database code, never its message (which may quote data). */
  lastError: z.string().nullable(),
  /**
   * How long ago its next run should have started (0: not yet due, or off). A run in progress counts
   * from when it was due, so a run that hangs shows here.
   */
  lagMs: z.number().int().min(0),
  /** Runs finished since this instance started, and how many of them failed. */
  runs: z.number().int().min(0),
  failedRuns: z.number().int().min(0),
});
export type TJobStatus = z.infer<typeof ZJobStatus>;

/** The database, without which the server cannot serve. */
export const ZDependencyCheck = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** How long its ping took; null when it failed or did not answer in time. */
  latencyMs: z.number().min(0).nullable(),
});
export type TDependencyCheck = z.infer<typeof ZDependencyCheck>;

/**
 * Redis: while it fails, each server counts its rate limits and streams alone (docs/security.md),
 * so it is `degraded`, never a reason to leave the load balancer.
 */
export const ZRedisCheck = z.object({
  status: z.enum(['ok', 'degraded']),
  latencyMs: z.number().min(0).nullable(),
});
export type TRedisCheck = z.infer<typeof ZRedisCheck>;

/** The scheduled jobs as a whole: `degraded` when the runner has not started or a job lags or failed. */
export const ZJobsCheck = z.object({
  status: z.enum(['ok', 'degraded']),
  started: z.boolean(),
  /** Jobs whose next run is overdue by more than the tolerance (docs/operations.md, "Health"). */
  lagging: z.array(z.string()),
  /** Jobs whose last run failed. */
  failing: z.array(z.string()),
});
export type TJobsCheck = z.infer<typeof ZJobsCheck>;

/** The price feed of this server: `degraded` when any pair has no fresh price or its connection is down. */
export const ZFeedCheck = z.object({
  status: z.enum(['ok', 'degraded']),
  /** Time since the freshest price of any pair arrived; null before the first one. */
  lastTickAgeMs: z.number().int().min(0).nullable(),
  /** Pairs served stale (no price for `MARKET_STALE_SECONDS`, or the upstream disconnected) or with none yet. */
  stalePairs: z.array(z.enum(MARKET_PAIRS)),
  /**
   * On PostgreSQL one server leads (runs the upstream feed, stores the candles) and the others
   * follow its prices (docs/architecture.md, "One feed for every server"); `single` on the embedded
   * database or when this server's feed settings differ from the others'.
   */
  role: z.enum(['leader', 'follower', 'single']),
  /** The feed's own connection (to the other servers' feed; always true for `single`). */
  connected: z.boolean(),
});
export type TFeedCheck = z.infer<typeof ZFeedCheck>;

/**
 * Platform mail (docs/operations.md, "Mail"): `degraded` while this server's latest attempt at sending
 * failed (the SMTP server is down or refusing). Mail is kept and retried meanwhile, so it never takes
 * the server out of the load balancer. Without SMTP the outbox is the destination and nothing fails.
 */
export const ZMailCheck = z.object({
  status: z.enum(['ok', 'degraded']),
  transport: z.enum(['smtp', 'outbox']),
  /** Mails waiting to be sent, and those that failed after their last attempt (null when the database did not answer). */
  queued: z.number().int().min(0).nullable(),
  failed: z.number().int().min(0).nullable(),
  /** This server's latest failed attempt: the error's kind and SMTP code, never the server's words. */
  lastError: z.string().nullable(),
});
export type TMailCheck = z.infer<typeof ZMailCheck>;

/**
 * GET /api/health: readiness. `ok` (200) when the database answers; `unavailable` (503, the same
 * shape) when it does not, marked in `checks`. Redis, the jobs and the price feed only ever show
 * `degraded` in `checks`: the server stays in the load balancer, since every server would be hit
 * alike, and a stale feed, a late job or counting alone is not helped by sending clients elsewhere.
 */
export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  checks: z.object({
    database: ZDependencyCheck,
    /** Null when REDIS_URL is not set: nothing to ask. */
    redis: ZRedisCheck.nullable(),
    jobs: ZJobsCheck,
    feed: ZFeedCheck,
    mail: ZMailCheck,
  }),
  /** Every scheduled job of this instance (the admin's trade pages read the payouts job here). */
  jobs: z.array(ZJobStatus),
});
export type THealth = z.infer<typeof ZHealth>;
