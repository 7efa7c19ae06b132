import type { TJobStatus } from '@meridian/contracts/health';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/**
 * Scheduled work of this server instance: payouts, position expiry, signal schedules and candle
 * retention. Each job runs on its own interval, never overlapping itself in this process: the next run
 * is timed from the end of the previous one. Several instances may run the same job at once: a job
 * must be safe for that itself (the jobs claim rows with `FOR UPDATE SKIP LOCKED`), the
 * runner does not coordinate processes.
 */
export interface TJob {
  name: string;
  /** False: no timed runs (a setting turned it off); `runNow` still runs it. */
  enabled: boolean;
  intervalMs: number;
  /**
   * One run: does what is due at `now` and answers how many items it finished. `signal` aborts when
   * the app closes: a long run stops between two units of work (each its own DB transaction: a batch
   * of payouts or of expired positions, one signal's settlement), never inside one (see `stop`).
   */
  run(db: Db, now: Date, signal: AbortSignal): Promise<number>;
}

interface TJobState {
  job: TJob;
  timer: NodeJS.Timeout | undefined;
  /** The last run asked for: each run starts after the one before it has ended. */
  tail: Promise<number>;
  running: boolean;
  lastRunAt: Date | null;
  lastProcessed: number;
  totalProcessed: number;
  lastError: string | null;
  /** When the next timed run is due (epoch ms; wall clock, as the timers are); null: none scheduled. */
  dueAt: number | null;
  runs: number;
  failedRuns: number;
}

export interface TJobRunnerOptions {
  /** The clock handed to each run (tests move it). */
  now?: () => Date;
}

export class JobRunner {
  private readonly jobs = new Map<string, TJobState>();
  private readonly abort = new AbortController();
  private started = false;
  private stopped = false;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: TJobRunnerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  register(job: TJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
    if (!(job.intervalMs > 0)) throw new Error(`job ${job.name}: intervalMs must be positive`);
    const state: TJobState = {
      job,
      timer: undefined,
      tail: Promise.resolve(0),
      running: false,
      lastRunAt: null,
      lastProcessed: 0,
      totalProcessed: 0,
      lastError: null,
      dueAt: null,
      runs: 0,
      failedRuns: 0,
    };
    this.jobs.set(job.name, state);
    if (this.started && job.enabled) this.schedule(state, 0);
  }

  /** Starts the timed runs of the enabled jobs: a first run at once, then one per interval. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const state of this.jobs.values()) if (state.job.enabled) this.schedule(state, 0);
  }

  /**
   * Stops the timers, asks running jobs to stop between two units of work, and waits for them, so
   * nothing touches the database after this resolves.
   *
   * On shutdown (docs/architecture.md, "Shutting down") the unit in progress finishes and commits:
   * cutting it would only roll it back. The rest of the run does not: after downtime a run can face
   * thousands of due payouts, and a shutdown must end in bounded time. What it leaves is still due in
   * the database, so the next run, here after a restart or on another instance, does it; nothing is
   * lost or done twice. A unit that hangs meets the server's SHUTDOWN_TIMEOUT_MS.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    for (const state of this.jobs.values()) clearTimeout(state.timer);
    await Promise.all([...this.jobs.values()].map((state) => state.tail.catch(() => undefined)));
  }

  /**
   * Runs a job once now, enabled or not (tests, and the timer itself), after the run in progress if
   * there is one; answers how many items it finished. A failure is recorded and thrown.
   */
  runNow(name: string): Promise<number> {
    const state = this.jobs.get(name);
    if (!state) return Promise.reject(new Error(`no job named ${name}`));
    const run = state.tail.catch(() => 0).then(() => (this.stopped ? 0 : this.execute(state)));
    state.tail = run;
    return run;
  }

  /** Whether timed runs are on: started and not yet stopped. */
  get isStarted(): boolean {
    return this.started && !this.stopped;
  }

  status(): TJobStatus[] {
    const now = Date.now();
    return [...this.jobs.values()].map((state) => ({
      name: state.job.name,
      enabled: state.job.enabled,
      running: state.running,
      intervalMs: state.job.intervalMs,
      lastRunAt: state.lastRunAt?.toISOString() ?? null,
      lastProcessed: state.lastProcessed,
      totalProcessed: state.totalProcessed,
      lastError: state.lastError,
      lagMs: state.dueAt === null || this.stopped ? 0 : Math.max(0, Math.round(now - state.dueAt)),
      runs: state.runs,
      failedRuns: state.failedRuns,
    }));
  }

  private async execute(state: TJobState): Promise<number> {
    state.running = true;
    try {
      const processed = await state.job.run(this.db, this.now(), this.abort.signal);
      state.lastProcessed = processed;
      state.totalProcessed += processed;
      state.lastError = null;
      if (processed > 0) this.log.info({ job: state.job.name, processed }, 'job run finished');
      return processed;
    } catch (err) {
      state.lastProcessed = 0;
      state.lastError = describeError(err);
      state.failedRuns += 1;
      this.log.error({ err, job: state.job.name }, 'job run failed');
      throw err;
    } finally {
      state.running = false;
      state.lastRunAt = new Date();
      state.runs += 1;
    }
  }

  private schedule(state: TJobState, delayMs: number): void {
    if (this.stopped) return;
    // Stays set while the run it starts waits and runs, so a run that hangs shows as lag.
    state.dueAt = Date.now() + delayMs;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void this.runNow(state.job.name)
        .catch(() => undefined)
        .finally(() => this.schedule(state, state.job.intervalMs));
    }, delayMs);
    // A pending timer alone does not keep the process alive (the server's socket does).
    state.timer.unref();
  }
}

/**
 * What /api/health shows of a failure: the error's kind and database code, never its message,
 * which may quote data (the full error is in the log).
 */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return 'Error';
  // Drizzle wraps a driver's error: its SQLSTATE is on the cause.
  const code = [err, err.cause]
    .map((e) => (e as { code?: unknown } | undefined)?.code)
    .find((c) => typeof c === 'string');
  return code ? `${err.name} ${String(code)}` : err.name;
}
