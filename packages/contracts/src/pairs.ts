/**
 * The trading pairs and how their prices are written. Kept free of zod so a page that only needs
 * the list (the home page) does not load the validation library with it.
 */
/** The trading pairs of the platform, in the order the UI lists them. */
export const MARKET_PAIRS = [
  'BTC/USD',
  'ETH/USD',
  'BNB/USD',
  'SOL/USD',
  'XRP/USD',
  'EUR/USD',
  'USD/JPY',
  'GBP/USD',
  'USD/CHF',
  'AUD/USD',
] as const;
export type TPair = (typeof MARKET_PAIRS)[number];

export const CRYPTO_PAIRS = ['BTC/USD', 'ETH/USD', 'BNB/USD', 'SOL/USD', 'XRP/USD'] as const satisfies readonly TPair[];
export const FOREX_PAIRS = ['EUR/USD', 'USD/JPY', 'GBP/USD', 'USD/CHF', 'AUD/USD'] as const satisfies readonly TPair[];

/** Decimals every price of a pair is given with (bid, ask, mid, candle prices). */
export const PAIR_DECIMALS: Record<TPair, number> = {
  'BTC/USD': 2,
  'ETH/USD': 2,
  'BNB/USD': 2,
  'SOL/USD': 2,
  'XRP/USD': 4,
  'EUR/USD': 5,
  'USD/JPY': 3,
  'GBP/USD': 5,
  'USD/CHF': 5,
  'AUD/USD': 5,
};

/**
 * Where a price came from. `simulated`: the seeded random walk (the UI labels such prices
 * "Simulated market data"); `binance`: Binance spot best bid/ask of the USDT pair.
 */
export const MARKET_SOURCES = ['simulated', 'binance'] as const;
export type TMarketSource = (typeof MARKET_SOURCES)[number];

export const isPair = (value: string): value is TPair => (MARKET_PAIRS as readonly string[]).includes(value);

/** A price with at most the pair's decimals, above 0. */
export function priceFits(pair: TPair, value: number): boolean {
  if (!Number.isFinite(value) || value <= 0) return false;
  const scaled = value * 10 ** PAIR_DECIMALS[pair];
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
