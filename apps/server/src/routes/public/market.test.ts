import { request as httpRequest, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { MARKET_PAIRS, PAIR_DECIMALS, type TQuote, ZCandleList, ZQuoteList } from '@meridian/contracts/market';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../../../test/helpers/api-error.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app.ts';
import { FakeExchange } from '../../../test/helpers/fake-exchange.ts';

// A day of simulated history, as a first start makes (the test apps default to half an hour).
const t = await buildTestApp({ MARKET_SEED: 42, MARKET_HISTORY_MINUTES: 24 * 60 });
const app = t.app;
afterAll(() => t.close());

const hasDecimals = (value: number, decimals: number) => Number(value.toFixed(decimals)) === value;
const MINUTE = 60_000;

describe('GET /api/market/quotes', () => {
  it('answers every pair with simulated, fresh prices in the pair decimals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/market/quotes' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { quotes } = ZQuoteList.parse(res.json());
    expect(quotes.map((q) => q.pair)).toEqual([...MARKET_PAIRS]);
    for (const q of quotes) {
      const decimals = PAIR_DECIMALS[q.pair];
      for (const price of [q.bid, q.ask, q.mid]) expect(hasDecimals(price, decimals), `${q.pair} ${price}`).toBe(true);
      expect(q.bid).toBeLessThan(q.ask);
      expect(q.mid).toBeGreaterThanOrEqual(q.bid);
      expect(q.mid).toBeLessThanOrEqual(q.ask);
      expect(q).toMatchObject({ source: 'simulated', stale: false });
      expect(Date.now() - Date.parse(q.time)).toBeLessThan(5000);
    }
  });
});

describe('GET /api/market/candles', () => {
  it('gives the last 24 hours of 1-minute candles by default (simulated history included)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/market/candles?pair=BTC%2FUSD' });
    expect(res.statusCode).toBe(200);
    const body = ZCandleList.parse(res.json());
    expect(body).toMatchObject({ pair: 'BTC/USD', interval: '1m' });
    expect(body.candles.length).toBeGreaterThanOrEqual(24 * 60 - 1);
    const times = body.candles.map((c) => c.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const c of body.candles) {
      expect(c.time % 60).toBe(0);
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
    }
  });

  it('aggregates the ticks of each minute and filters by from/to (Unix seconds or ISO)', async () => {
    // Minutes older than the simulated history (24 h), which only these ticks fill.
    const base = (Math.floor(Date.now() / MINUTE) - 24 * 60 - 30) * MINUTE;
    const tick = (offset: number, bid: number) =>
      ({ pair: 'ETH/USD', bid, ask: bid + 0.2, time: base + offset, source: 'simulated' }) as const;
    app.market.ticks([tick(1_000, 3000)]);
    app.market.ticks([tick(20_000, 3010)]);
    app.market.ticks([tick(40_000, 2990)]);
    app.market.ticks([tick(MINUTE + 5_000, 3020)]);
    const from = base / 1000;
    const res = await app.inject({
      method: 'GET',
      url: `/api/market/candles?pair=ETH%2FUSD&from=${from}&to=${encodeURIComponent(new Date(base + MINUTE).toISOString())}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().candles).toEqual([
      { time: from, open: 3000.1, high: 3010.1, low: 2990.1, close: 2990.1, ticks: 3 },
      { time: from + 60, open: 3020.1, high: 3020.1, low: 3020.1, close: 3020.1, ticks: 1 },
    ]);
    const second = await app.inject({
      method: 'GET',
      url: `/api/market/candles?pair=ETH%2FUSD&from=${from + 1}&to=${from + 60}`,
    });
    expect(second.json().candles.map((c: { time: number }) => c.time)).toEqual([from + 60]);
  });

  it('refuses a missing or unknown pair, bad times, from after to and unknown fields with 400', async () => {
    const bad = async (query: string, field: string, message?: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/market/candles${query}` });
      expectApiError(res, 400, 'VALIDATION', message);
      expect(res.json().fieldErrors?.[field], `${query}: ${res.body}`).toBeTruthy();
    };
    await bad('', 'pair');
    await bad('?pair=DOGE%2FUSD', 'pair', 'Unknown trading pair');
    await bad('?pair=BTCUSD', 'pair', 'Unknown trading pair');
    await bad('?pair=BTC%2FUSD&from=yesterday', 'from');
    await bad('?pair=BTC%2FUSD&to=-5', 'to');
    await bad('?pair=BTC%2FUSD&from=200&to=100', 'from', '`from` must not be after `to`');
    const unknown = await app.inject({ method: 'GET', url: '/api/market/candles?pair=DOGE%2FUSD' });
    expect(unknown.json()).toMatchObject({
      key: 'validation.pairUnknown',
      fieldKeys: { pair: { key: 'validation.pairUnknown' } },
    });
    const extra = await app.inject({ method: 'GET', url: '/api/market/candles?pair=BTC%2FUSD&limit=5' });
    expectApiError(extra, 400, 'VALIDATION', 'Unexpected field: limit');
  });
});

/** Reads a live SSE response event by event. */
class SseReader {
  private buffer = '';
  text = '';
  readonly frames: string[] = [];
  readonly ended: Promise<void>;
  constructor(readonly res: IncomingMessage) {
    this.ended = new Promise((resolve) => res.on('end', () => resolve()));
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      this.text += chunk;
      this.buffer += chunk;
      let end = this.buffer.indexOf('\n\n');
      while (end >= 0) {
        this.frames.push(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 2);
        end = this.buffer.indexOf('\n\n');
      }
    });
  }

  /** The data of the events named `name` received so far. */
  events(name: string): TQuote[][] {
    return this.frames
      .filter((f) => f.startsWith(`event: ${name}\n`))
      .map((f) => (JSON.parse(f.slice(f.indexOf('data: ') + 6)) as { quotes: TQuote[] }).quotes);
  }
}

function openStream(
  port: number,
  path = '/api/market/stream',
): Promise<{ status: number; reader: SseReader; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream' } }, (res) => {
      resolve({ status: res.statusCode ?? 0, reader: new SseReader(res), close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/market/stream', () => {
  it('with ?once=1 sends retry and a snapshot of every quote, then ends', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/market/stream?once=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const [retry, snapshot] = res.body.split('\n\n');
    expect(retry).toBe('retry: 3000');
    expect(snapshot?.startsWith('event: snapshot\ndata: ')).toBe(true);
    const { quotes } = ZQuoteList.parse(JSON.parse(snapshot?.slice('event: snapshot\ndata: '.length) ?? ''));
    expect(quotes.map((q) => q.pair)).toEqual([...MARKET_PAIRS]);
  });

  it('refuses an unknown query value with 400', async () => {
    expectApiError(await app.inject({ method: 'GET', url: '/api/market/stream?once=yes' }), 400, 'VALIDATION');
  });

  describe('live, over a real connection', () => {
    let port: number;
    let capped: TestApp;
    beforeAll(async () => {
      capped = await buildTestApp({ MARKET_STREAM_MAX_PER_IP: 3 }, { sameDatabaseAs: t });
      await capped.app.listen({ host: '127.0.0.1', port: 0 });
      port = (capped.app.server.address() as AddressInfo).port;
    });
    afterAll(() => capped.close());

    it('fans each batch of ticks out to every viewer from one upstream subscription, and cleans up', async () => {
      // The app's own subscribers (the stop-out monitor), which viewers add nothing to but one.
      const others = capped.app.market.subscribers;
      const viewers = await Promise.all([openStream(port), openStream(port), openStream(port)]);
      for (const v of viewers) {
        expect(v.status).toBe(200);
        expect(v.reader.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        await vi.waitFor(() => expect(v.reader.events('snapshot')).toHaveLength(1));
        expect(v.reader.frames[0]).toBe('retry: 3000');
      }
      expect(capped.app.market.subscribers).toBe(others + 1);

      capped.app.market.ticks([{ pair: 'BTC/USD', bid: 70000, ask: 70006, time: Date.now(), source: 'simulated' }]);
      for (const v of viewers) {
        await vi.waitFor(() =>
          expect(v.reader.events('quotes').flat()).toContainEqual(
            expect.objectContaining({ pair: 'BTC/USD', bid: 70000, ask: 70006, mid: 70003, stale: false }),
          ),
        );
      }
      // The feed's own 1-second ticks arrive as batches of every pair.
      await vi.waitFor(() => expect(viewers[0]?.reader.events('quotes').some((q) => q.length === 10)).toBe(true), {
        timeout: 3000,
      });

      for (const v of viewers) v.close();
      await vi.waitFor(() => expect(capped.app.market.subscribers).toBe(others));
    });

    it('sends an HTTP/1.0 client the frames as they are, without HTTP/1.1 chunks', async () => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.write('GET /api/market/stream HTTP/1.0\r\nAccept: text/event-stream\r\n\r\n');
      await vi.waitFor(() => expect(text).toContain('event: snapshot'));
      capped.app.market.ticks([{ pair: 'BTC/USD', bid: 70100, ask: 70106, time: Date.now(), source: 'simulated' }]);
      await vi.waitFor(() =>
        expect(text).toMatch(/\n\nevent: quotes\ndata: \{"quotes":\[\{"pair":"BTC\/USD","bid":70100,/),
      );
      expect(text.split('\r\n\r\n')[0]).not.toMatch(/transfer-encoding/i);
      socket.destroy();
    });

    it('caps the streams one IP may hold open (429), and admits again when one closes', async () => {
      const open = await Promise.all([openStream(port), openStream(port), openStream(port)]);
      expect(open.map((v) => v.status)).toEqual([200, 200, 200]);
      const fourth = await openStream(port);
      expect(fourth.status).toBe(429);
      await fourth.reader.ended;
      expect(JSON.parse(fourth.reader.text)).toEqual({
        error: 'RATE_LIMITED',
        key: 'errors.rateLimited',
        params: {},
        message: 'Too many requests, please wait a moment and try again',
      });
      // The snapshot-only form is not counted against the cap.
      const once = await capped.app.inject({ method: 'GET', url: '/api/market/stream?once=1' });
      expect(once.statusCode).toBe(200);

      open[0]?.close();
      await vi.waitFor(async () => {
        const again = await openStream(port);
        expect(again.status).toBe(200);
        open.push(again);
      });
      for (const v of open) v.close();
    });

    it('ends open streams when the app closes', async () => {
      const other = await buildTestApp({}, { sameDatabaseAs: t });
      await other.app.listen({ host: '127.0.0.1', port: 0 });
      const viewer = await openStream((other.app.server.address() as AddressInfo).port);
      await other.close();
      await viewer.reader.ended;
    });
  });
});

describe('MARKET_PROVIDER=binance', () => {
  let fake: FakeExchange;
  let live: TestApp;
  beforeAll(async () => {
    fake = await FakeExchange.start();
    live = await buildTestApp({ MARKET_PROVIDER: 'binance', MARKET_WS_URL: fake.url }, { sameDatabaseAs: t });
  });
  afterAll(async () => {
    await live.close();
    await fake.close();
  });

  it('serves the crypto pairs from the exchange and the forex pairs from the simulation', async () => {
    await vi.waitFor(() => expect(fake.connected).toBe(1));
    fake.bookTicker('BTCUSDT', '68000.01000000', '68000.02000000');
    const quotes = async () =>
      ZQuoteList.parse((await live.app.inject({ method: 'GET', url: '/api/market/quotes' })).json()).quotes;
    await vi.waitFor(async () => expect((await quotes()).find((q) => q.pair === 'BTC/USD')).toBeDefined());
    const byPair = new Map((await quotes()).map((q) => [q.pair, q]));
    expect(byPair.get('BTC/USD')).toMatchObject({ bid: 68000.01, ask: 68000.02, source: 'binance', stale: false });
    // No price yet from the exchange for the other crypto pairs: they are absent, not invented.
    expect(byPair.has('ETH/USD')).toBe(false);
    for (const pair of ['EUR/USD', 'USD/JPY', 'GBP/USD', 'USD/CHF', 'AUD/USD'] as const) {
      expect(byPair.get(pair)?.source).toBe('simulated');
    }

    await fake.down();
    await vi.waitFor(async () =>
      expect((await quotes()).find((q) => q.pair === 'BTC/USD')).toMatchObject({ bid: 68000.01, stale: true }),
    );
    expect((await quotes()).find((q) => q.pair === 'EUR/USD')?.stale).toBe(false);
  });
});
