import { MARKET_PAIRS, type TPair } from '@meridian/contracts/market';
import type { TConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { withDeadlockRetry } from '../../../db/deadlock-retry.ts';
import type { TJob } from '../../../jobs/runner.ts';
import type { MarketData, TPriceNow } from '../../../providers/market/market-data.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { closePositions, closingPriceFrom } from './closing.ts';
import type { ExitMonitor } from './exit-monitor.ts';

/** Positions expired per DB transaction. */
export const EXPIRY_BATCH_SIZE = 250;

/**
 * Every JOBS_INTERVAL_MS: closes the positions whose expiration has come, then syncs this
 * server's exit index with the database (positions opened or changed by another server). Safe
 * with several servers: each claims disjoint rows (closing.ts).
 */
export function positionsJob(
  config: Pick<TConfig, 'JOBS_INTERVAL_MS'>,
  market: Pick<MarketData, 'priceNow'>,
  exits: Pick<ExitMonitor, 'forget' | 'resync'>,
  mail: Mailer,
): TJob {
  return {
    name: 'positions',
    enabled: true,
    intervalMs: config.JOBS_INTERVAL_MS,
    run: async (db, now, signal) => {
      const expired = await expireDuePositions(db, market, { mail, now, signal });
      exits.forget(expired);
      await exits.resync();
      return expired.length;
    },
  };
}

/**
 * Closes every open position expired at `now` that no other server holds, at the current price of
 * its pair, in batches (one DB transaction each); answers their ids. A pair whose price is stale is
 * left alone: its positions close on the first run after a fresh price arrives.
 */
export async function expireDuePositions(
  db: Db,
  market: Pick<MarketData, 'priceNow'>,
  options: { mail: Mailer; now: Date; signal?: AbortSignal; batchSize?: number },
): Promise<string[]> {
  const batchSize = options.batchSize ?? EXPIRY_BATCH_SIZE;
  const expired: string[] = [];
  while (!options.signal?.aborted) {
    const prices = new Map<TPair, TPriceNow>();
    for (const pair of MARKET_PAIRS) {
      const price = market.priceNow(pair);
      if (price) prices.set(pair, price);
    }
    const { closed } = await withDeadlockRetry(() =>
      db.transaction((tx) =>
        closePositions(tx, {
          claim: { expiredAt: options.now, pairs: [...prices.keys()], limit: batchSize },
          reason: 'expired',
          exitOf: closingPriceFrom(prices),
          actorId: null,
          mail: options.mail,
        }),
      ),
    );
    expired.push(...closed.map((position) => position.id));
    if (closed.length < batchSize) break;
    // Let waiting requests in between two batches (the embedded database runs in this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return expired;
}
