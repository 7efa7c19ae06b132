import { FOREX_PAIRS, MARKET_PAIRS, type TPair } from '@meridian/contracts/market';
import type { TConfig } from '../../config.ts';
import { BinanceFeed } from './binance.ts';
import { CompositeFeed } from './composite.ts';
import type { MarketFeed, TCandleHistory, TMarketLog } from './interface.ts';
import { MarketData } from './market-data.ts';
import { SimulatedFeed } from './simulated.ts';

type TMarketConfig = Pick<
  TConfig,
  | 'MARKET_PROVIDER'
  | 'MARKET_WS_URL'
  | 'MARKET_SEED'
  | 'MARKET_STALE_SECONDS'
  | 'MARKET_TICK_MS'
  | 'MARKET_HISTORY_MINUTES'
>;

/**
 * The market of the app, from config: `simulated` (every pair on the seeded walk), or `binance`
 * (crypto pairs from Binance, forex pairs still simulated). `history` stores the candles; the
 * simulated pairs resume from it at start, making up history only for the time since the last
 * stored candle (MARKET_HISTORY_MINUTES at most, all of it on a first start).
 */
export function createMarket(config: TMarketConfig, log: TMarketLog, history?: TCandleHistory): MarketData {
  const simulated = (pairs: readonly TPair[] = MARKET_PAIRS) =>
    new SimulatedFeed({
      seed: config.MARKET_SEED,
      pairs,
      intervalMs: config.MARKET_TICK_MS,
      historyMinutes: config.MARKET_HISTORY_MINUTES,
    });
  const feed: MarketFeed =
    config.MARKET_PROVIDER === 'binance'
      ? new CompositeFeed([new BinanceFeed({ url: config.MARKET_WS_URL, log }), simulated(FOREX_PAIRS)])
      : simulated();
  return new MarketData({
    feed,
    staleAfterMs: config.MARKET_STALE_SECONDS * 1000,
    log,
    ...(history ? { history } : {}),
  });
}
