import { createHash, timingSafeEqual } from 'node:crypto';
import type { TJobStatus } from '@meridian/contracts/health';
import type { TQuote } from '@meridian/contracts/market';
import { MARKET_PAIRS } from '@meridian/contracts/pairs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { poolStatsOf, type TPoolStats } from '../db/client.ts';
import type { TGroupCommitStats } from '../db/group-commit.ts';
import { onPosted, type TPosting } from '../ledger/ledger.ts';
import type { RequestLogController } from './request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics; undefined when METRICS_TOKEN is unset (nothing is collected). */
    metrics: AppMetrics | undefined;
  }
}

/** The route label of a request that matched no route (a 404, the web app's page fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface TMetricSources {
  jobs: { status(): TJobStatus[] };
  market: { quotes(): TQuote[] };
  /** PostgreSQL's connection pool now; undefined on the embedded database, which has none. */
  pool: (() => TPoolStats) | undefined;
  /** The Redis the servers share (REDIS_URL), or undefined when there is none. */
  redis: Pick<Redis, 'status'> | undefined;
  /** The money moves' group commit (docs/money.md, "Group commit"). */
  groupCommit: { readonly stats: TGroupCommitStats };
}

/** The long-lived streams a server holds open: live prices, and signed-in users' account updates. */
export type TStreamKind = 'prices' | 'account';

/**
 * prom-client's default metrics that break Prometheus' naming rules (`promtool check metrics`): gauges
 * whose names end in `_total`, which only counters may. Each is the sum of a gauge kept beside it
 * (`nodejs_active_handles` by type, and so on), so nothing is lost without them.
 */
const MISNAMED_DEFAULT_METRICS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/**
 * The metrics of one app, in a registry of its own (tests build many apps in one process, and each
 * must count only itself; docs/operations.md, "Metrics"). Requests and ledger postings are counted
 * as they happen; job and feed figures are read from the job runner and the market at each scrape.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly postings: Counter<'kind'>;
  private readonly streams = new Map<TStreamKind, () => number>();

  constructor(sources: TMetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    for (const name of MISNAMED_DEFAULT_METRICS) this.registry.removeSingleMetric(name);
    this.requests = new Counter({
      name: 'meridian_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'meridian_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.postings = new Counter({
      name: 'meridian_ledger_postings_total',
      help: 'Ledger transactions written by this server, by kind (also those whose DB transaction then rolled back).',
      labelNames: ['kind'],
      registers,
    });
    jobMetrics(sources.jobs, registers);
    feedMetrics(sources.market, registers);
    const streams = this.streams;
    new Gauge({
      name: 'meridian_streams_open',
      help: 'Streams this server holds open, by kind: live prices, and signed-in users’ account updates.',
      labelNames: ['stream'],
      registers,
      collect() {
        for (const kind of ['prices', 'account'] as const) this.set({ stream: kind }, streams.get(kind)?.() ?? 0);
      },
    });
    poolMetrics(sources.pool, registers);
    redisMetrics(sources.redis, registers);
    groupCommitMetrics(sources.groupCommit.stats, registers);
    // The mail queue's gauges go here, beside the other queues' and connections' (the outbox's
    // queue owns the figures; each gauge reads them when scraped, as the job and pool gauges do).
  }

  /** Counts the open streams of `kind` as `size()` tells, at each scrape. */
  watchStreams(kind: TStreamKind, size: () => number): void {
    this.streams.set(kind, size);
  }

  /** One answered request; `route` is the pattern it matched (`/api/client/:userId`), never the URL. */
  observeRequest(method: string, route: string | undefined, status: number, durationMs: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, durationMs / 1000);
  }

  countPostings(postings: readonly TPosting[]): void {
    for (const posting of postings) this.postings.inc({ kind: posting.kind });
  }

  /** The Prometheus text exposition of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Group commit's batches, their moves and the batches that split, since this server started. */
function groupCommitMetrics(stats: TGroupCommitStats, registers: Registry[]) {
  const counted = [
    [
      'meridian_group_commit_batches_total',
      'Money-move batches committed or split since this server started.',
      'batches',
    ],
    ['meridian_group_commit_moves_total', 'Money moves that went through a batch since this server started.', 'moves'],
    [
      'meridian_group_commit_splits_total',
      'Batches rolled back and run again move by move (a failure the batch could not vouch for).',
      'splits',
    ],
  ] as const;
  for (const [name, help, figure] of counted) {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(stats[figure]);
      },
    });
  }
}

/**
 * Per job: lag, runs and failures since start, and when it last ran. The runner holds the figures;
 * each metric copies them from it when scraped (a collector's usual way to show counts it does not
 * own).
 */
function jobMetrics(jobs: TMetricSources['jobs'], registers: Registry[]) {
  // Not `job`: Prometheus gives every scraped series its target's `job` label, and renames a
  // series' own to `exported_job`, so rules written with `job` would never match.
  const labelNames = ['job_name'] as const;
  new Gauge({
    name: 'meridian_job_lag_seconds',
    help: 'How long ago the job’s next run should have started (0: not yet due, or off).',
    labelNames,
    registers,
    collect() {
      this.reset();
      for (const job of jobs.status()) this.set({ job_name: job.name }, job.lagMs / 1000);
    },
  });
  new Counter({
    name: 'meridian_job_runs_total',
    help: 'Runs of the job finished since this server started.',
    labelNames,
    registers,
    collect() {
      this.reset();
      for (const job of jobs.status()) this.inc({ job_name: job.name }, job.runs);
    },
  });
  new Counter({
    name: 'meridian_job_failures_total',
    help: 'Runs of the job that failed since this server started.',
    labelNames,
    registers,
    collect() {
      this.reset();
      for (const job of jobs.status()) this.inc({ job_name: job.name }, job.failedRuns);
    },
  });
  new Gauge({
    name: 'meridian_job_last_run_timestamp_seconds',
    help: 'When the job’s last run ended (Unix time); absent before its first run.',
    labelNames,
    registers,
    collect() {
      this.reset();
      for (const job of jobs.status()) {
        if (job.lastRunAt) this.set({ job_name: job.name }, Date.parse(job.lastRunAt) / 1000);
      }
    },
  });
}

/** Per pair, seconds since its latest price arrived; and how many pairs are served stale. */
function feedMetrics(market: TMetricSources['market'], registers: Registry[]) {
  new Gauge({
    name: 'meridian_feed_tick_age_seconds',
    help: 'Seconds since the pair’s latest price arrived (absent before its first).',
    labelNames: ['pair'],
    registers,
    collect() {
      const now = Date.now();
      this.reset();
      for (const quote of market.quotes()) {
        this.set({ pair: quote.pair }, Math.max(0, now - Date.parse(quote.time)) / 1000);
      }
    },
  });
  new Gauge({
    name: 'meridian_feed_stale_pairs',
    help: 'Pairs without a fresh price: served stale (too old, or the upstream disconnected) or none yet.',
    registers,
    collect() {
      this.set(MARKET_PAIRS.length - market.quotes().filter((quote) => !quote.stale).length);
    },
  });
}

/**
 * PostgreSQL's pool: connections in use and idle, its size, and queries waiting for a connection.
 * Absent on the embedded database: it is one connection without a pool, and its queries queue inside
 * PGlite, which tells nothing of them.
 */
function poolMetrics(pool: TMetricSources['pool'], registers: Registry[]) {
  if (!pool) return;
  new Gauge({
    name: 'meridian_db_pool_connections',
    help: 'PostgreSQL connections of this server’s pool, by state: in_use (running a query or transaction) or idle.',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = pool();
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'meridian_db_pool_max_connections',
    help: 'The most connections this server’s PostgreSQL pool opens.',
    registers,
    collect() {
      this.set(pool().max);
    },
  });
  new Gauge({
    name: 'meridian_db_pool_waiting_queries',
    help: 'Queries waiting for a free PostgreSQL connection of this server’s pool.',
    registers,
    collect() {
      this.set(pool().waiting);
    },
  });
}

/** 1 while the connection to the shared Redis is ready, 0 while it is lost; absent without REDIS_URL. */
function redisMetrics(redis: TMetricSources['redis'], registers: Registry[]) {
  if (!redis) return;
  new Gauge({
    name: 'meridian_redis_up',
    help: 'Whether this server’s connection to the shared Redis is ready (1) or lost (0: each server counts alone).',
    registers,
    collect() {
      this.set(redis.status === 'ready' ? 1 : 0);
    },
  });
}

/**
 * Whether `authorization` is `Bearer <token>`. Both sides are hashed first, so the comparison takes
 * the same time whatever the given value and its length.
 */
export function isBearer(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Creates the app's metrics when METRICS_TOKEN is set, times every answer as the request log sees it
 * end (streams included: request-log.ts), and counts ledger postings until the app closes. Unset,
 * nothing is collected and `app.metrics` is undefined.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { requestLog }: { requestLog: RequestLogController }) => {
  if (!app.config.METRICS_TOKEN) {
    app.decorate('metrics', undefined);
    return;
  }
  const metrics = new AppMetrics({
    jobs: app.jobs,
    market: app.market,
    pool: poolStatsOf(app.db),
    redis: app.redis,
    groupCommit: app.groupCommit,
  });
  app.decorate('metrics', metrics);
  const stopTiming = requestLog.onCompleted((request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
  });
  app.addHook('onClose', async () => stopTiming());
  // The ledger tells every listener of the process: several apps in one process (tests) each count
  // all their postings; a server runs one app per process.
  const stopCounting = onPosted((postings) => metrics.countPostings(postings));
  app.addHook('onClose', async () => stopCounting());
});
