import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TNewsFeed } from '@meridian/contracts/news';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/helpers/api-error.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app.ts';
import { AppError } from '../../lib/app-error.ts';
import { NewsCache } from './cache.ts';
import { FinnhubNewsProvider, toNewsItems } from './finnhub.ts';
import { NoNewsProvider } from './none.ts';

/** Finnhub's market-news item shape, as `GET /api/v1/news?category=general` answers it. */
const finnhubItem = (id: number, overrides: Record<string, unknown> = {}) => ({
  category: 'top news',
  datetime: 1_700_000_000 + id,
  headline: `Headline ${id}`,
  id,
  image: `https://images.example.com/${id}.jpg`,
  related: '',
  source: 'Reuters',
  summary: `Summary of story ${id}.`,
  url: `https://news.example.com/story/${id}`,
  ...overrides,
});

/** A local stand-in for Finnhub: counts calls, remembers what was asked, fails on demand. */
class FakeFinnhub {
  calls = 0;
  lastUrl = '';
  lastHeaders: IncomingHttpHeaders = {};
  mode: 'ok' | 'error' | 'not-json' | 'not-a-list' = 'ok';
  items: unknown[] = [finnhubItem(1), finnhubItem(2)];
  /** Each answer waits this long (to let concurrent requests pile up). */
  delayMs = 0;
  private server: Server = createServer((req, res) => {
    this.calls++;
    this.lastUrl = req.url ?? '';
    this.lastHeaders = req.headers;
    setTimeout(() => {
      if (this.mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
      } else if (this.mode === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      } else if (this.mode === 'not-a-list') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"You don\'t have access"}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.items));
      }
    }, this.delayMs);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset() {
    this.calls = 0;
    this.mode = 'ok';
    this.items = [finnhubItem(1), finnhubItem(2)];
    this.delayMs = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const fake = new FakeFinnhub();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await fake.start();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

const provider = () => new FinnhubNewsProvider({ token: 'test-token', baseUrl, category: 'general' });

/** A clock the test moves by hand. */
function clock(start = Date.UTC(2025, 0, 1, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('Finnhub provider', () => {
  it('asks /api/v1/news for the category with the token in a header, and maps the items newest first', async () => {
    const items = await provider().latest();
    expect(fake.calls).toBe(1);
    expect(fake.lastUrl).toBe('/api/v1/news?category=general');
    expect(fake.lastHeaders['x-finnhub-token']).toBe('test-token');
    expect(fake.lastUrl).not.toContain('test-token');
    expect(items).toEqual([
      {
        id: '2',
        image: 'https://images.example.com/2.jpg',
        headline: 'Headline 2',
        category: 'top news',
        datetime: 1_700_000_002,
        source: 'Reuters',
        summary: 'Summary of story 2.',
        url: 'https://news.example.com/story/2',
      },
      expect.objectContaining({ id: '1', datetime: 1_700_000_001 }),
    ]);
  });

  it('skips items it cannot link to safely, drops unsafe images, removes duplicates and keeps 30', () => {
    const raw = [
      finnhubItem(1, { url: 'javascript:alert(1)' }),
      finnhubItem(2, { image: 'javascript:alert(1)' }),
      finnhubItem(3, { headline: '' }),
      finnhubItem(4, { datetime: 'yesterday' }),
      'not an object',
      finnhubItem(5),
      finnhubItem(5),
      ...Array.from({ length: 40 }, (_, i) => finnhubItem(100 + i)),
    ];
    const items = toNewsItems(raw);
    expect(items).toHaveLength(30);
    expect(items.map((i) => i.id)).not.toContain('1');
    expect(items.map((i) => i.id)).not.toContain('3');
    expect(items[0]?.id).toBe('139');
    const all = toNewsItems(raw.slice(0, 7));
    expect(all.map((i) => i.id)).toEqual(['5', '2']);
    expect(all[1]?.image).toBe('');
  });

  it.each(['error', 'not-json', 'not-a-list'] as const)('throws when Finnhub answers %s', async (mode) => {
    fake.mode = mode;
    await expect(provider().latest()).rejects.toThrow(/Finnhub/);
  });
});

describe('news cache', () => {
  it('without a provider: an empty feed that says it is not configured, and no call anywhere', async () => {
    const cache = new NewsCache(new NoNewsProvider());
    expect(await cache.feed()).toEqual({ news: [], configured: false, stale: false, updatedAt: null });
    expect(fake.calls).toBe(0);
  });

  it('calls upstream at most once a minute, however many requests, concurrent ones sharing one call', async () => {
    const t = clock();
    const cache = new NewsCache(provider(), { now: t.now });
    fake.delayMs = 50;
    const feeds = await Promise.all(Array.from({ length: 25 }, () => cache.feed()));
    expect(fake.calls).toBe(1);
    for (const feed of feeds) {
      expect(feed).toMatchObject({ configured: true, stale: false, updatedAt: new Date(t.now()).toISOString() });
      expect(feed.news.map((n) => n.id)).toEqual(['2', '1']);
    }

    fake.items = [finnhubItem(3)];
    t.advance(59_999);
    await Promise.all([cache.feed(), cache.feed(), cache.feed()]);
    expect(fake.calls).toBe(1);
    expect((await cache.feed()).news.map((n) => n.id)).toEqual(['2', '1']);

    t.advance(1);
    const fresh = await cache.feed();
    expect(fake.calls).toBe(2);
    expect(fresh.news.map((n) => n.id)).toEqual(['3']);
  });

  it('serves the last good copy, marked stale, while upstream fails, and does not retry within the minute', async () => {
    const t = clock();
    const errors: unknown[] = [];
    const cache = new NewsCache(provider(), { now: t.now, onError: (e) => errors.push(e) });
    const good = await cache.feed();
    const goodAt = good.updatedAt;

    fake.mode = 'error';
    t.advance(60_000);
    const stale = await cache.feed();
    expect(fake.calls).toBe(2);
    expect(stale).toEqual({ ...good, stale: true, updatedAt: goodAt });
    expect(errors).toHaveLength(1);

    t.advance(30_000);
    expect(await cache.feed()).toMatchObject({ stale: true, updatedAt: goodAt });
    expect(fake.calls).toBe(2);

    fake.mode = 'ok';
    fake.items = [finnhubItem(7)];
    t.advance(30_000);
    const recovered = await cache.feed();
    expect(fake.calls).toBe(3);
    expect(recovered).toMatchObject({ stale: false, updatedAt: new Date(t.now()).toISOString() });
    expect(recovered.news.map((n) => n.id)).toEqual(['7']);
  });

  it('fails with 503 "Failed to load market insights" only while there has never been a good copy', async () => {
    const t = clock();
    const cache = new NewsCache(provider(), { now: t.now });
    fake.mode = 'not-json';
    const failure = await cache.feed().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Failed to load market insights',
    });
    // Still within the minute: refused again without calling upstream.
    await expect(Promise.all([cache.feed(), cache.feed()])).rejects.toMatchObject({ status: 503 });
    expect(fake.calls).toBe(1);

    fake.mode = 'ok';
    t.advance(60_000);
    expect((await cache.feed()).news).toHaveLength(2);
    expect(fake.calls).toBe(2);
  });

  it('an empty answer is a good answer (no news today), not a failure', async () => {
    fake.items = [];
    const cache = new NewsCache(provider(), { now: clock().now });
    expect(await cache.feed()).toMatchObject({ news: [], configured: true, stale: false });
  });
});

describe('GET /api/crypto-news', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('without FINNHUB_TOKEN: 200, an empty list and configured=false, for anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/crypto-news' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ news: [], configured: false, stale: false, updatedAt: null });
    expect(fake.calls).toBe(0);
  });

  it('with a token: the provider’s news, cached (one upstream call for many requests)', async () => {
    const withNews = await buildTestApp({ FINNHUB_TOKEN: 'route-token', FINNHUB_URL: baseUrl }, { sameDatabaseAs: t });
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => withNews.app.inject({ method: 'GET', url: '/api/crypto-news' })),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=10');
        const body = res.json<TNewsFeed>();
        expect(body).toMatchObject({ configured: true, stale: false });
        expect(body.news.map((n) => n.headline)).toEqual(['Headline 2', 'Headline 1']);
      }
      expect(fake.calls).toBe(1);
      expect(fake.lastHeaders['x-finnhub-token']).toBe('route-token');
    } finally {
      await withNews.close();
    }
  });

  it('when upstream fails before any good copy: 503 UPSTREAM_UNAVAILABLE "Failed to load market insights"', async () => {
    fake.mode = 'error';
    const failing = await buildTestApp({ FINNHUB_TOKEN: 'route-token', FINNHUB_URL: baseUrl }, { sameDatabaseAs: t });
    try {
      const res = await failing.app.inject({ method: 'GET', url: '/api/crypto-news' });
      expectApiError(res, 503, 'UPSTREAM_UNAVAILABLE', 'Failed to load market insights');
    } finally {
      await failing.close();
    }
  });
});
