import type { TConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { evidenceAt, isDecided, settleLockedSignal, type TSignalMarket } from './settlement.ts';
import {
  activateDueSignals,
  claimUnsettledSignal,
  dueSignalIds,
  markCompletedUndecided,
} from './signals.repository.ts';

/** Closed signals looked at per run; any left over wait for the next run. */
export const SIGNALS_PER_RUN = 500;

/**
 * Every JOBS_INTERVAL_MS: pending signals whose schedule time has come become active, and closed
 * ones are settled from the stored candles (settlement.ts). Safe with several servers: activation
 * is one conditional update, and each settlement claims its signal row (`FOR UPDATE SKIP LOCKED`).
 */
export function signalsJob(config: Pick<TConfig, 'JOBS_INTERVAL_MS'>, market: TSignalMarket, mail: Mailer): TJob {
  return {
    name: 'signals',
    enabled: true,
    intervalMs: config.JOBS_INTERVAL_MS,
    run: (db, now, signal) => runSignalSchedule(db, market, { mail, now, signal }),
  };
}

/**
 * One run at `now`: answers how many signals it activated or settled. A closed signal the prices do
 * not decide yet (not touched, and no fresh price since it closed: the feed is stale) is marked
 * completed without a result and tried again on every run until they do.
 */
export async function runSignalSchedule(
  db: Db,
  market: TSignalMarket,
  options: { mail: Mailer; now: Date; signal?: AbortSignal },
): Promise<number> {
  const { now } = options;
  const activated = await activateDueSignals(db, now);
  const due = await dueSignalIds(db, now, SIGNALS_PER_RUN);
  let settled = 0;
  for (const id of due) {
    if (options.signal?.aborted) break;
    if (await settleDueSignal(db, market, options.mail, id, now)) settled += 1;
    // Let waiting requests in between two signals (the embedded database runs in this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return activated + settled;
}

/** Settles one closed signal in its own DB transaction, unless another holds it; true when it settled. */
async function settleDueSignal(db: Db, market: TSignalMarket, mail: Mailer, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const signal = await claimUnsettledSignal(tx, id);
    if (!signal) return false;
    const evidence = await evidenceAt(tx, market, signal, now);
    if (!isDecided(evidence)) {
      if (signal.status !== 'completed') await markCompletedUndecided(tx, signal.id);
      return false;
    }
    await settleLockedSignal(tx, signal, evidence, { actorId: null, now, mail });
    return true;
  });
}
