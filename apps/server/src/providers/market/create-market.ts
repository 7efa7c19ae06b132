import { FOREX_PAIRS } from '@meridian/contracts/market';
import type { TConfig } from '../../config.ts';
import { BinanceFeed } from './binance.ts';
import { CompositeFeed } from './composite.ts';
import type { MarketFeed, TMarketLog } from './interface.ts';
import { MarketData } from './market-data.ts';
import { SimulatedFeed } from './simulated.ts';

/** Minutes of simulated history made at start, so the charts have a day to show at once. */
const SIMULATED_HISTORY_MINUTES = 24 * 60;

type TMarketConfig = Pick<
  TConfig,
  'MARKET_PROVIDER' | 'MARKET_WS_URL' | 'MARKET_SEED' | 'MARKET_STALE_SECONDS' | 'MARKET_TICK_MS'
>;

/**
 * The market of the app, from config: `simulated` (every pair on the seeded walk), or `binance`
 * (crypto pairs from Binance, forex pairs still simulated).
 */
export function createMarket(config: TMarketConfig, log: TMarketLog): MarketData {
  const feed: MarketFeed =
    config.MARKET_PROVIDER === 'binance'
      ? new CompositeFeed([
          new BinanceFeed({ url: config.MARKET_WS_URL, log }),
          new SimulatedFeed({
            seed: config.MARKET_SEED,
            pairs: FOREX_PAIRS,
            intervalMs: config.MARKET_TICK_MS,
            historyMinutes: SIMULATED_HISTORY_MINUTES,
          }),
        ])
      : new SimulatedFeed({
          seed: config.MARKET_SEED,
          historyMinutes: SIMULATED_HISTORY_MINUTES,
          intervalMs: config.MARKET_TICK_MS,
        });
  return new MarketData({ feed, staleAfterMs: config.MARKET_STALE_SECONDS * 1000 });
}
