import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../../config.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { watchPayouts } from './chain-payouts.ts';

/**
 * Checks every withdrawal payout still confirming on chain every CHAIN_WATCH_INTERVAL_MS
 * (chain-payouts.ts; docs/money.md, "Withdrawals paid on chain"). Safe with several servers: each
 * payout is settled under its withdrawal's and its own row locks.
 */
export function chainPayoutsJob(
  config: Pick<TConfig, 'CHAIN_WATCH_INTERVAL_MS' | 'CHAIN_RPC_TIMEOUT_MS' | 'APPROVAL_WITHDRAWAL_ABOVE'>,
  mail: Mailer,
  log: FastifyBaseLogger,
): TJob {
  return {
    name: 'chain-payouts',
    enabled: true,
    intervalMs: config.CHAIN_WATCH_INTERVAL_MS,
    run: (db, _now, signal) =>
      watchPayouts(
        db,
        { mail, log, rpcTimeoutMs: config.CHAIN_RPC_TIMEOUT_MS, approvalAbove: config.APPROVAL_WITHDRAWAL_ABOVE },
        signal,
      ),
  };
}
