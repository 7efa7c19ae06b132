import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeExchange } from '../../../test/helpers/fake-exchange.ts';
import { BinanceFeed } from './binance.ts';
import { MarketData, type TMarketEvent } from './market-data.ts';

const STREAMS =
  '/stream?streams=btcusdt@bookTicker/btcusdt@miniTicker/ethusdt@bookTicker/ethusdt@miniTicker/' +
  'bnbusdt@bookTicker/bnbusdt@miniTicker/solusdt@bookTicker/solusdt@miniTicker/xrpusdt@bookTicker/xrpusdt@miniTicker';

let fake: FakeExchange;
let feed: BinanceFeed;
let market: MarketData;
let events: TMarketEvent[];
const log = { info: vi.fn(), warn: vi.fn() };

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 3000, interval: 10 });

beforeEach(async () => {
  fake = await FakeExchange.start();
  log.info.mockClear();
  log.warn.mockClear();
  feed = new BinanceFeed({ url: fake.url, batchMs: 10, backoff: { initialMs: 20, maxMs: 80 }, log });
  market = new MarketData({ feed, staleAfterMs: 400, staleCheckMs: 20 });
  events = [];
  market.subscribe((event) => events.push(event));
  market.start();
  await waitFor(() => expect(fake.connected).toBe(1));
});
afterEach(async () => {
  await market.stop();
  await fake.close();
});

describe('Binance feed against a local fake exchange', () => {
  it('subscribes to the book ticker and 24 h mini ticker of the five crypto pairs in the URL', () => {
    expect(fake.urls).toEqual([STREAMS]);
    expect(feed.pairs).toEqual(['BTC/USD', 'ETH/USD', 'BNB/USD', 'SOL/USD', 'XRP/USD']);
  });

  it('turns ticks into quotes (pair decimals, 24 h change) and 1-minute candles', async () => {
    fake.miniTicker('BTCUSDT', '67000.00000000', '65000.00000000');
    fake.bookTicker('BTCUSDT', '67000.12345678', '67000.50000000');
    fake.bookTicker('XRPUSDT', '0.52345678', '0.52360000');
    await waitFor(() => expect(market.quote('XRP/USD')).toBeDefined());
    await waitFor(() => expect(market.quote('BTC/USD')).toBeDefined());
    expect(market.quote('BTC/USD')).toMatchObject({
      pair: 'BTC/USD',
      bid: 67000.12,
      ask: 67000.5,
      mid: 67000.31,
      changePct: 3.08,
      stale: false,
      source: 'binance',
    });
    expect(market.quote('XRP/USD')).toMatchObject({ bid: 0.5235, ask: 0.5236, mid: 0.5236, source: 'binance' });
    // Forex pairs are not this feed's.
    expect(market.quote('EUR/USD')).toBeUndefined();
    const now = Date.now();
    const [candle] = market.candles('BTC/USD', now - 120_000, now);
    expect(candle).toMatchObject({ open: 67000.31, high: 67000.31, low: 67000.31, close: 67000.31, ticks: 1 });
    expect(candle?.time).toBe(Math.floor(now / 60_000) * 60);
    expect(events.flatMap((e) => e.quotes.map((q) => q.pair))).toEqual(expect.arrayContaining(['BTC/USD', 'XRP/USD']));
  });

  it('coalesces a burst of updates of one pair into one batch with the latest price', async () => {
    for (let i = 0; i < 20; i++) fake.bookTicker('ETHUSDT', `3480.${10 + i}`, `3481.${10 + i}`);
    await waitFor(() => expect(market.quote('ETH/USD')?.bid).toBe(3480.29));
    const ethEvents = events.filter((e) => e.quotes.some((q) => q.pair === 'ETH/USD'));
    expect(ethEvents.length).toBeLessThan(10);
    // The last price of the burst is the close of the minute.
    const now = Date.now();
    expect(market.candles('ETH/USD', now - 60_000, now).at(-1)?.close).toBe(3480.79);
  });

  it('marks quotes stale while the exchange is down, keeps the last price, and is fresh again after it returns', async () => {
    fake.bookTicker('BTCUSDT', '67000.00', '67001.00');
    await waitFor(() => expect(market.quote('BTC/USD')?.stale).toBe(false));
    events.length = 0;

    await fake.down();
    await waitFor(() => expect(market.quote('BTC/USD')?.stale).toBe(true));
    expect(market.quote('BTC/USD')).toMatchObject({ bid: 67000, ask: 67001, source: 'binance' });
    // Viewers were told, with the last known price.
    expect(events.flatMap((e) => e.quotes)).toContainEqual(expect.objectContaining({ pair: 'BTC/USD', stale: true }));
    // It keeps trying (refused connections), with backoff.
    const attempts = feed.connections;
    await waitFor(() => expect(feed.connections).toBeGreaterThan(attempts + 1));

    await fake.restart();
    await waitFor(() => expect(fake.connected).toBe(1));
    // Resubscribed with the same streams.
    expect(fake.urls.at(-1)).toBe(STREAMS);
    expect(market.quote('BTC/USD')?.stale).toBe(true);
    fake.bookTicker('BTCUSDT', '67100.00', '67101.00');
    await waitFor(() => expect(market.quote('BTC/USD')).toMatchObject({ bid: 67100, stale: false }));
    expect(events.flatMap((e) => e.quotes).at(-1)).toMatchObject({ pair: 'BTC/USD', stale: false, bid: 67100 });
  });

  it('marks a quote stale when no update arrives for a while on a live connection', async () => {
    fake.bookTicker('SOLUSDT', '165.00', '165.04');
    await waitFor(() => expect(market.quote('SOL/USD')?.stale).toBe(false));
    await waitFor(() => expect(market.quote('SOL/USD')?.stale).toBe(true));
    expect(fake.connected).toBe(1);
    fake.bookTicker('SOLUSDT', '166.00', '166.04');
    await waitFor(() => expect(market.quote('SOL/USD')).toMatchObject({ stale: false, bid: 166 }));
  });

  it('ignores and logs malformed messages, and goes on with the good ones', async () => {
    const bad = [
      'not json',
      '[]',
      '{"stream":"btcusdt@bookTicker"}',
      '{"stream":"btcusdt@bookTicker","data":{"s":"BTCUSDT","b":"abc","a":"1.00"}}',
      '{"stream":"btcusdt@bookTicker","data":{"s":"BTCUSDT","b":"-5","a":"1.00"}}',
      '{"stream":"btcusdt@bookTicker","data":{"s":"BTCUSDT","b":"68000.00","a":"67000.00"}}',
      '{"stream":"btcusdt@bookTicker","data":{"s":"BTCUSDT","b":1,"a":2}}',
      '{"stream":"dogeusdt@bookTicker","data":{"s":"DOGEUSDT","b":"0.10","a":"0.11"}}',
      '{"stream":"btcusdt@depth","data":{"s":"BTCUSDT"}}',
      '{"stream":"btcusdt@miniTicker","data":{"s":"BTCUSDT","o":"Infinity"}}',
    ];
    for (const text of bad) fake.sendRaw(text);
    // The answer to a SUBSCRIBE request is not malformed, just carries no price.
    fake.sendRaw('{"result":null,"id":1}');
    fake.bookTicker('BTCUSDT', '67000.00', '67002.00');
    await waitFor(() => expect(market.quote('BTC/USD')).toMatchObject({ bid: 67000, ask: 67002 }));
    expect(feed.malformed).toBe(bad.length);
    const warnings = log.warn.mock.calls.filter(([, msg]) => msg === 'market: ignored a malformed exchange message');
    expect(warnings).toHaveLength(bad.length);
    expect(warnings[0]?.[0]).toEqual({ sample: 'not json' });
    expect(fake.connected).toBe(1);
  });
});

describe('Binance feed reconnect delays', () => {
  it('grow exponentially with jitter, up to the cap', async () => {
    await fake.down();
    const delays = () =>
      log.info.mock.calls
        .filter(([, msg]) => msg === 'market: exchange stream reconnecting')
        .map(([obj]) => (obj as { delayMs: number }).delayMs);
    await waitFor(() => expect(delays().length).toBeGreaterThanOrEqual(5));
    const seen = delays();
    // attempt n: 20 · 2^n capped at 80, times a factor in [0.5, 1).
    const ceilings = [20, 40, 80, 80, 80];
    seen.slice(0, 5).forEach((delay, n) => {
      expect(delay).toBeGreaterThanOrEqual((ceilings[n] as number) / 2);
      expect(delay).toBeLessThanOrEqual(ceilings[n] as number);
    });
  });

  it('stops every timer and connection on stop (nothing reconnects afterwards)', async () => {
    await market.stop();
    await waitFor(() => expect(fake.connected).toBe(0));
    const attempts = feed.connections;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(feed.connections).toBe(attempts);
  });
});
