import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NEWS_IMAGE_PATH, type TNewsFeed } from '@meridian/contracts/news';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../test/helpers/api-error.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app.ts';
import { NEWS_IMAGE_DEFAULTS, NewsImages, newsImageKey } from './images.ts';

const MB = 1024 * 1024;

/** A real picture of `width` × `height`, as a photo desk would serve it. */
const photo = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    [format]()
    .toBuffer();

type TSource =
  | { kind: 'image'; body: Buffer; contentType: string }
  | { kind: 'error'; status: number }
  | { kind: 'stream'; body: Buffer; declareLength: boolean }
  | { kind: 'hang' };

/**
 * A local stand-in for Finnhub and the image hosts its news points at: `/api/v1/news` answers one
 * article per source, each with its picture at `/img/<name>`. Counts every request per path.
 */
class FakeNewsOrigin {
  sources = new Map<string, TSource>();
  hits = new Map<string, number>();
  private server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    if (path.startsWith('/api/v1/news')) {
      const items = [...this.sources.keys()].map((name, i) => ({
        id: i + 1,
        category: 'top news',
        datetime: 1_700_000_000 + i,
        headline: `Story ${name}`,
        image: `${this.base}/img/${name}`,
        source: 'Example Wire',
        summary: '',
        url: `https://news.example.com/${name}`,
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(items));
      return;
    }
    const source = this.sources.get(path.replace('/img/', ''));
    if (!source) return void res.writeHead(404).end();
    if (source.kind === 'image')
      return void res.writeHead(200, { 'content-type': source.contentType }).end(source.body);
    if (source.kind === 'error') return void res.writeHead(source.status).end('nope');
    if (source.kind === 'hang') return; // never answers
    res.writeHead(200, {
      'content-type': 'image/png',
      ...(source.declareLength ? { 'content-length': String(source.body.length) } : {}),
    });
    res.on('error', () => {});
    // In parts, as a large download arrives.
    let sent = 0;
    const pump = () => {
      while (sent < source.body.length) {
        const part = source.body.subarray(sent, sent + 64 * 1024);
        sent += part.length;
        if (!res.write(part)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  base = '';

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  hitsOf(name: string): number {
    return this.hits.get(`/img/${name}`) ?? 0;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const origin = new FakeNewsOrigin();
let base: string;
let wide: Buffer;
let small: Buffer;
/** A real PNG of over 5 MB (noise, stored uncompressed): only the size cap refuses it. */
let huge: Buffer;
beforeAll(async () => {
  huge = await sharp({
    create: {
      width: 1500,
      height: 1400,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(huge.length).toBeGreaterThan(NEWS_IMAGE_DEFAULTS.maxSourceBytes);
  expect(huge.length).toBeLessThan(7 * MB);
  base = await origin.start();
  wide = await photo(2000, 1125, 'jpeg');
  small = await photo(640, 360);
});
afterAll(() => origin.stop());
beforeEach(() => {
  origin.hits.clear();
  origin.sources = new Map<string, TSource>([
    ['wide.jpg', { kind: 'image', body: wide, contentType: 'image/jpeg' }],
    ['small.png', { kind: 'image', body: small, contentType: 'image/png' }],
    // Says it is a JPEG; its bytes are a web page.
    [
      'page.jpg',
      { kind: 'image', body: Buffer.from('<html><body>Not a picture</body></html>'), contentType: 'image/jpeg' },
    ],
    // An SVG can carry script: not a format we take.
    [
      'drawing.svg',
      {
        kind: 'image',
        body: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        contentType: 'image/svg+xml',
      },
    ],
    ['huge.png', { kind: 'stream', body: huge, declareLength: true }],
    ['huge-chunked.png', { kind: 'stream', body: huge, declareLength: false }],
    ['gone.jpg', { kind: 'error', status: 500 }],
  ]);
});

describe('GET /api/crypto-news/images/:key', () => {
  let t: TestApp;
  let news: TestApp;
  /** Our image address of each source, by the name of its picture, from the served feed. */
  let addressOf: Map<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // A fresh app each time: nothing cached from an earlier test.
    news = await buildTestApp({ FINNHUB_TOKEN: 'image-token', FINNHUB_URL: base }, { sameDatabaseAs: t });
    const feed = await news.app.inject({ method: 'GET', url: '/api/crypto-news' });
    expect(feed.statusCode).toBe(200);
    const body = feed.json<TNewsFeed>();
    addressOf = new Map(body.news.map((item) => [item.headline.replace('Story ', ''), item.image]));
  });
  afterEach(() => news.close());

  const get = (url: string) => news.app.inject({ method: 'GET', url });

  it('the feed carries our address for every picture, never the provider’s', async () => {
    const feed = await get('/api/crypto-news');
    expect(feed.body).not.toContain(base);
    expect(addressOf.size).toBe(origin.sources.size);
    for (const address of addressOf.values()) expect(address).toMatch(NEWS_IMAGE_PATH);
    // Reading the feed fetched no picture: each is fetched when first asked for.
    expect([...origin.hits.keys()].filter((path) => path.startsWith('/img/'))).toEqual([]);
  });

  it('serves the picture as WebP, at most 1280 px wide, with cache headers, fetched once for many requests', async () => {
    const address = addressOf.get('wide.jpg') ?? '';
    const [first, second] = await Promise.all([get(address), get(address)]);
    const third = await get(address);
    for (const res of [first, second, third]) {
      expect(res?.statusCode).toBe(200);
      expect(res?.headers['content-type']).toBe('image/webp');
      expect(res?.headers['cache-control']).toBe('public, max-age=86400, immutable');
      expect(res?.headers['x-content-type-options']).toBe('nosniff');
    }
    const meta = await sharp(third.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    expect(origin.hitsOf('wide.jpg')).toBe(1);

    // A smaller picture is not enlarged.
    const smallRes = await get(addressOf.get('small.png') ?? '');
    expect(smallRes.statusCode).toBe(200);
    expect(await sharp(smallRes.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
  });

  it.each([
    ['page.jpg', 'a web page sent as image/jpeg'],
    ['drawing.svg', 'an SVG'],
    ['huge.png', 'a real 6 MB picture that declares its length'],
    ['huge-chunked.png', 'the same, not declaring it'],
    ['gone.jpg', 'a source that answers 500'],
  ])('%s (%s): a clean 404, and the source is not asked again at once', async (name) => {
    const address = addressOf.get(name) ?? '';
    expectApiError(await get(address), 404, 'NOT_FOUND', 'Not found');
    expectApiError(await get(address), 404, 'NOT_FOUND', 'Not found');
    expect(origin.hitsOf(name)).toBe(1);
  });

  it('a key it never issued is a 404 and fetches nothing; a raw address is refused', async () => {
    // The key another address would have: the server knows only those its feed named.
    const secret = `${base}/img/secret`;
    origin.sources.set('secret', { kind: 'image', body: small, contentType: 'image/png' });
    expectApiError(await get(`/api/crypto-news/images/${newsImageKey(secret)}`), 404, 'NOT_FOUND');
    expect(origin.hitsOf('secret')).toBe(0);

    for (const raw of [encodeURIComponent(secret), 'x'.repeat(32), '../../etc/passwd']) {
      const res = await get(`/api/crypto-news/images/${raw}`);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(origin.hitsOf('secret')).toBe(0);
  });

  it('after a restart, a picture of the feed a page still shows is served (the feed is read again first)', async () => {
    const address = addressOf.get('small.png') ?? '';
    const restarted = await buildTestApp({ FINNHUB_TOKEN: 'image-token', FINNHUB_URL: base }, { sameDatabaseAs: t });
    try {
      const res = await restarted.app.inject({ method: 'GET', url: address });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    } finally {
      await restarted.close();
    }
  });

  it('without a news provider every key is a 404', async () => {
    const address = addressOf.get('small.png') ?? '';
    expectApiError(await t.app.inject({ method: 'GET', url: address }), 404, 'NOT_FOUND');
    expect(origin.hitsOf('small.png')).toBe(0);
  });
});

describe('news picture store', () => {
  const url = (name: string) => `${base}/img/${name}`;

  it('forgets the oldest sources past its bound', async () => {
    const images = new NewsImages({ maxSources: 2 });
    const a = images.register(url('small.png'));
    images.register(url('wide.jpg'));
    images.register(url('page.jpg'));
    expect(images.has(a)).toBe(false);
    expect(await images.picture(a)).toBeUndefined();
    expect(origin.hitsOf('small.png')).toBe(0);
  });

  it('keeps at most maxCachedBytes of pictures; one dropped is fetched again when asked', async () => {
    const images = new NewsImages({ maxCachedBytes: 1 });
    const key = images.register(url('small.png'));
    expect(await images.picture(key)).toMatchObject({ contentType: 'image/webp' });
    expect(await images.picture(key)).toMatchObject({ contentType: 'image/webp' });
    expect(origin.hitsOf('small.png')).toBe(2);

    const roomy = new NewsImages();
    const same = roomy.register(url('small.png'));
    await roomy.picture(same);
    await roomy.picture(same);
    expect(origin.hitsOf('small.png')).toBe(3);
  });

  it('asks a failed source again only after retryMs', async () => {
    let now = 0;
    const errors: string[] = [];
    const images = new NewsImages({ now: () => now, onError: (_err, source) => errors.push(source) });
    const key = images.register(url('gone.jpg'));
    expect(await images.picture(key)).toBeUndefined();
    now += NEWS_IMAGE_DEFAULTS.retryMs - 1;
    expect(await images.picture(key)).toBeUndefined();
    expect(origin.hitsOf('gone.jpg')).toBe(1);
    origin.sources.set('gone.jpg', { kind: 'image', body: small, contentType: 'image/png' });
    now += 1;
    expect(await images.picture(key)).toMatchObject({ contentType: 'image/webp' });
    expect(origin.hitsOf('gone.jpg')).toBe(2);
    expect(errors).toEqual([url('gone.jpg')]);
  });

  it('takes the 6 MB picture when allowed 10 MB: the route refuses it for its size alone', async () => {
    const images = new NewsImages({ maxSourceBytes: 10 * MB });
    for (const name of ['huge.png', 'huge-chunked.png']) {
      const picture = await images.picture(images.register(url(name)));
      expect(picture?.contentType).toBe('image/webp');
    }
  });

  it('gives up on a source that does not answer in time', async () => {
    origin.sources.set('slow.jpg', { kind: 'hang' });
    const images = new NewsImages({ timeoutMs: 200 });
    const started = Date.now();
    expect(await images.picture(images.register(url('slow.jpg')))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
