import type { TConfig } from '../../../config.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { processDuePayouts } from './processing.ts';

/**
 * Pays due payouts automatically (PAYOUTS_AUTO_PROCESS, every JOBS_INTERVAL_MS). Off, only Process
 * All Trades pays. Safe with several server instances: each claims disjoint rows (processing.ts).
 */
export function payoutsJob(config: Pick<TConfig, 'PAYOUTS_AUTO_PROCESS' | 'JOBS_INTERVAL_MS'>, mail: Mailer): TJob {
  return {
    name: 'payouts',
    enabled: config.PAYOUTS_AUTO_PROCESS,
    intervalMs: config.JOBS_INTERVAL_MS,
    run: (db, now, signal) => processDuePayouts(db, { mail, now, signal }),
  };
}
