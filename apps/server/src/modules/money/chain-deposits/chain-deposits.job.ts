import { toCents } from '@meridian/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../../config.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { watchChains } from './chain-watcher.ts';

/** What the watcher needs of the market feed: ETH/USD's bid (docs/money.md, "Deposits seen on chain"). */
export interface TCoinPrice {
  priceNow(pair: 'ETH/USD'): { bid: number } | null;
}

/**
 * Follows every watched deposit method's chain every CHAIN_WATCH_INTERVAL_MS (chain-watcher.ts). Safe
 * with several servers: each applies blocks only from the cursor it read, under the watch's row lock.
 */
export function chainDepositsJob(
  config: Pick<TConfig, 'CHAIN_WATCH_INTERVAL_MS' | 'CHAIN_RPC_TIMEOUT_MS'>,
  market: TCoinPrice,
  mail: Mailer,
  log: FastifyBaseLogger,
): TJob {
  return {
    name: 'chain-deposits',
    enabled: true,
    intervalMs: config.CHAIN_WATCH_INTERVAL_MS,
    run: (db, _now, signal) =>
      watchChains(
        db,
        {
          mail,
          log,
          rpcTimeoutMs: config.CHAIN_RPC_TIMEOUT_MS,
          coinBidCents: () => {
            const bid = market.priceNow('ETH/USD')?.bid;
            return bid === undefined ? null : toCents(bid);
          },
        },
        signal,
      ),
  };
}
