import { FOREX_PAIRS, MARKET_PAIRS, type TPair } from '@meridian/contracts/market';
import type pg from 'pg';
import type { TConfig } from '../../config.ts';
import { BINANCE_DEFAULT_URL, BinanceFeed } from './binance.ts';
import { CompositeFeed } from './composite.ts';
import type { MarketFeed, TCandleHistory, TMarketLog } from './interface.ts';
import { MarketData } from './market-data.ts';
import { SharedFeed } from './shared-feed.ts';
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
 *
 * With `sharedThrough` (PostgreSQL: a maker of connections outside the pool), the feed is shared by
 * every server on the database whose feed settings agree (shared-feed.ts): one of them runs it and
 * records its candles, the others receive its prices. Without it (the embedded database, one
 * process), this server runs its own.
 */
export function createMarket(
  config: TMarketConfig,
  log: TMarketLog,
  history?: TCandleHistory,
  sharedThrough?: () => pg.Client,
): MarketData {
  const simulated = (pairs: readonly TPair[] = MARKET_PAIRS) =>
    new SimulatedFeed({
      seed: config.MARKET_SEED,
      pairs,
      intervalMs: config.MARKET_TICK_MS,
      historyMinutes: config.MARKET_HISTORY_MINUTES,
    });
  const upstream = (): MarketFeed =>
    config.MARKET_PROVIDER === 'binance'
      ? new CompositeFeed([new BinanceFeed({ url: config.MARKET_WS_URL, log }), simulated(FOREX_PAIRS)])
      : simulated();
  const feed = sharedThrough
    ? new SharedFeed({ connect: sharedThrough, createFeed: upstream, group: feedSettings(config), history, log })
    : upstream();
  return new MarketData({
    feed,
    staleAfterMs: config.MARKET_STALE_SECONDS * 1000,
    log,
    ...(history ? { history } : {}),
  });
}

/**
 * What makes two servers' feeds the same feed: the upstream and the seed of the walk. Servers set
 * alike (one deployment) share one; a server set otherwise runs its own (and says so).
 */
function feedSettings(config: TMarketConfig): string {
  const url = config.MARKET_PROVIDER === 'binance' ? (config.MARKET_WS_URL ?? BINANCE_DEFAULT_URL) : null;
  return JSON.stringify([config.MARKET_PROVIDER, url, config.MARKET_SEED]);
}
