import type { TConfig } from '../../../config.ts';
import type { TJob } from '../../../jobs/runner.ts';
import { deleteCandlesBefore } from './candles.repository.ts';

const DAY = 24 * 3600_000;
/** Candles are a minute each: an hourly run has about 600 to delete (10 pairs). */
const RUN_EVERY_MS = 3600_000;
/** Candles deleted per statement, so a first run over a long backlog holds no huge delete. */
const BATCH = 10_000;

/**
 * Deletes stored candles older than MARKET_CANDLE_RETENTION_DAYS, hourly (first at start). Safe with
 * several servers: deleting a row another has deleted already is nothing.
 */
export function marketCandlesJob(config: Pick<TConfig, 'MARKET_CANDLE_RETENTION_DAYS'>): TJob {
  return {
    name: 'market-candles',
    enabled: true,
    intervalMs: RUN_EVERY_MS,
    run: async (db, now, signal) => {
      const before = new Date(now.getTime() - config.MARKET_CANDLE_RETENTION_DAYS * DAY);
      let deleted = 0;
      for (;;) {
        const batch = await deleteCandlesBefore(db, before, BATCH);
        deleted += batch;
        if (batch < BATCH || signal.aborted) return deleted;
      }
    },
  };
}
