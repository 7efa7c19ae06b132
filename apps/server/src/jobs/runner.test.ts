import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { jobStatusBeforeFirstRun } from '../../test/helpers/job-status.ts';
import type { Db } from '../db/client.ts';
import { JobRunner, type TJob } from './runner.ts';

/** The runner alone: jobs here never touch the database, so a stand-in is enough. */
const db = {} as Db;
const logged: { level: string; msg: unknown }[] = [];
const log = {
  info: (_obj: unknown, msg?: unknown) => logged.push({ level: 'info', msg }),
  error: (_obj: unknown, msg?: unknown) => logged.push({ level: 'error', msg }),
} as unknown as FastifyBaseLogger;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** A job whose runs are recorded; each run takes `ms` and answers `processed`. */
function recordingJob(overrides: Partial<TJob> & { ms?: number; processed?: number } = {}) {
  const runs: { start: number; end: number; now: Date; signal: AbortSignal }[] = [];
  let active = 0;
  let maxActive = 0;
  const job: TJob = {
    name: 'recording',
    enabled: true,
    intervalMs: 10,
    run: async (_db, now, signal) => {
      active++;
      maxActive = Math.max(maxActive, active);
      const start = Date.now();
      await sleep(overrides.ms ?? 0);
      active--;
      runs.push({ start, end: Date.now(), now, signal });
      return overrides.processed ?? 1;
    },
    ...overrides,
  };
  return { job, runs, maxActive: () => maxActive };
}

let runner: JobRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

describe('JobRunner', () => {
  it('runs an enabled job at start and then once per interval, counting what it processed', async () => {
    const { job, runs } = recordingJob({ processed: 3 });
    runner = new JobRunner(db, log);
    runner.register(job);
    expect(runs).toHaveLength(0);
    expect(runner.status()).toEqual([jobStatusBeforeFirstRun({ name: 'recording', intervalMs: 10 })]);
    runner.start();
    await until(() => runs.length >= 3);
    const [status] = runner.status();
    expect(status).toMatchObject({ enabled: true, lastProcessed: 3, lastError: null });
    expect(status?.totalProcessed).toBeGreaterThanOrEqual(9);
    expect(Date.parse(status?.lastRunAt ?? '')).toBeGreaterThan(0);
  });

  it('never runs a job alongside itself: the next run is timed from the end of the one before', async () => {
    const { job, runs, maxActive } = recordingJob({ ms: 40, intervalMs: 5 });
    runner = new JobRunner(db, log);
    runner.register(job);
    runner.start();
    // Asked for on demand meanwhile, twice at once: each waits for the run before it.
    const demanded = await Promise.all([runner.runNow('recording'), runner.runNow('recording')]);
    expect(demanded).toEqual([1, 1]);
    await until(() => runs.length >= 4);
    expect(maxActive()).toBe(1);
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]?.start).toBeGreaterThanOrEqual(runs[i - 1]?.end ?? 0);
    }
  });

  it('leaves a disabled job to runNow (Process All Trades still pays with automatic runs off)', async () => {
    const { job, runs } = recordingJob({ enabled: false, processed: 7 });
    runner = new JobRunner(db, log);
    runner.register(job);
    runner.start();
    await sleep(60);
    expect(runs).toHaveLength(0);
    expect(runner.status()[0]).toMatchObject({ enabled: false, running: false, lastRunAt: null });
    expect(await runner.runNow('recording')).toBe(7);
    expect(runs).toHaveLength(1);
    expect(runner.status()[0]).toMatchObject({ lastProcessed: 7, totalProcessed: 7 });
    await expect(runner.runNow('no-such-job')).rejects.toThrow('no job named no-such-job');
  });

  it('hands each run the clock it was given', async () => {
    const { job, runs } = recordingJob({ enabled: false });
    const fixed = new Date('2030-01-02T03:04:05.000Z');
    runner = new JobRunner(db, log, { now: () => fixed });
    runner.register(job);
    await runner.runNow('recording');
    expect(runs[0]?.now).toEqual(fixed);
  });

  it('records a failure (its kind and code, not its text) and clears it on the next success', async () => {
    let calls = 0;
    runner = new JobRunner(db, log);
    runner.register({
      name: 'flaky',
      enabled: false,
      intervalMs: 10,
      run: async () => {
        calls++;
        if (calls === 1) {
          throw Object.assign(new Error('duplicate key value (email)=(someone@example.com)'), { code: '23505' });
        }
        if (calls === 2) throw new Error('wrapped', { cause: { code: '40P01' } });
        return 2;
      },
    });
    await expect(runner.runNow('flaky')).rejects.toThrow('duplicate key');
    expect(runner.status()[0]).toMatchObject({ lastError: 'Error 23505', lastProcessed: 0, running: false });
    expect(JSON.stringify(runner.status())).not.toContain('someone@example.com');
    await expect(runner.runNow('flaky')).rejects.toThrow('wrapped');
    expect(runner.status()[0]?.lastError).toBe('Error 40P01');
    expect(await runner.runNow('flaky')).toBe(2);
    expect(runner.status()[0]).toMatchObject({ lastProcessed: 2, totalProcessed: 2, lastError: null });
    expect(logged.some((line) => line.level === 'error' && line.msg === 'job run failed')).toBe(true);
  });

  it('keeps a failing job on its schedule', async () => {
    let calls = 0;
    runner = new JobRunner(db, log);
    runner.register({
      name: 'failing',
      enabled: true,
      intervalMs: 5,
      run: async () => {
        calls++;
        throw new Error('down');
      },
    });
    runner.start();
    await until(() => calls >= 3);
    expect(runner.status()[0]?.lastError).toBe('Error');
  });

  it('on stop aborts the running job between units of work, waits for it, and runs nothing after', async () => {
    let units = 0;
    let finished = false;
    runner = new JobRunner(db, log);
    runner.register({
      name: 'long',
      enabled: true,
      intervalMs: 5,
      run: async (_db, _now, signal) => {
        while (!signal.aborted) {
          await sleep(5);
          units++;
        }
        await sleep(20);
        finished = true;
        return units;
      },
    });
    runner.start();
    await until(() => units >= 3);
    await runner.stop();
    expect(finished).toBe(true);
    const after = units;
    expect(await runner.runNow('long')).toBe(0);
    await sleep(40);
    expect(units).toBe(after);
    expect(runner.status()[0]?.running).toBe(false);
  });

  it('on stop lets the unit in progress commit, starts no other, and a second stop waits alike', async () => {
    const committed: number[] = [];
    let started = 0;
    runner = new JobRunner(db, log);
    runner.register({
      name: 'batches',
      enabled: true,
      intervalMs: 5,
      run: async (_db, _now, signal) => {
        // Ten units of 60 ms each, as ten batches of payouts would be.
        for (let unit = 0; unit < 10 && !signal.aborted; unit++) {
          started = unit + 1;
          await sleep(60);
          committed.push(unit);
        }
        return committed.length;
      },
    });
    runner.start();
    await until(() => started === 2);
    const stopping = [runner.stop(), runner.stop()];
    // Still inside the second unit: stopping waits for it.
    expect(committed).toEqual([0]);
    await Promise.all(stopping);
    expect(committed).toEqual([0, 1]);
    expect(started).toBe(2);
    expect(runner.status()[0]?.running).toBe(false);
  });

  it('refuses a second job of the same name and a non-positive interval', () => {
    runner = new JobRunner(db, log);
    runner.register(recordingJob().job);
    expect(() => runner?.register(recordingJob().job)).toThrow('already registered');
    expect(() => runner?.register({ ...recordingJob().job, name: 'x', intervalMs: 0 })).toThrow('intervalMs');
  });
});
