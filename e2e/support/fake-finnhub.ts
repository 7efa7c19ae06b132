/**
 * A stand-in for Finnhub's market-news API during the end-to-end run (the internet is out of reach):
 * GET /api/v1/news answers six articles in Finnhub's shape, or 502 to the DOWN_TOKEN caller. Their
 * pictures are served from here too, as the app fetches them (never the browser): real PNGs for
 * the first four, then a web page that calls itself a JPEG and a 6 MB download, which the app
 * refuses, so those two cards show their placeholder.
 * Started by playwright.config.ts before the app, which gets FINNHUB_URL pointing at it.
 */
import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

const port = Number(process.env.PORT ?? 0);
/** A caller with this token is answered as if Finnhub were down (the "news down" app of the run). */
const downToken = process.env.DOWN_TOKEN;
const base = `http://127.0.0.1:${port}`;
const now = Math.floor(Date.now() / 1000);

/** The article whose picture is a web page, and the one whose picture is too large to take. */
export const NOT_AN_IMAGE = 4;
export const OVERSIZED_IMAGE = 5;

const HEADLINES = [
  ['Bitcoin holds above its weekly range as volumes thin', 'crypto'],
  ['Euro edges higher against the dollar after inflation data', 'forex'],
  ['Solana network upgrade goes live without downtime', 'crypto'],
  ['Yen weakens as bond yields diverge', 'forex'],
  ['Ether options market prices a calm month ahead', 'crypto'],
  ['Sterling steady ahead of the central bank meeting', 'forex'],
] as const;

export const FAKE_ARTICLES = HEADLINES.map(([headline, category], i) => ({
  category,
  datetime: now - i * 3600,
  headline,
  id: 9000 + i,
  image: `${base}/img/${i}.${i === NOT_AN_IMAGE ? 'jpg' : 'png'}`,
  related: '',
  source: 'Example Wire',
  summary: `${headline}. A sample article served by the end-to-end test's stand-in for the news provider, long enough to be cut to a preview on the home page cards, which show at most one hundred and fifty characters.`,
  url: `https://news.example.com/articles/${9000 + i}`,
}));

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 640 × 360 PNG: a diagonal gradient in a colour of its own per article. */
function picture(i: number): Buffer {
  const [width, height] = [640, 360];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) {
      const shade = Math.round(((x + y) / (width + height)) * 120);
      rows.set([(40 + i * 37 + shade) % 256, 60 + shade, (200 - i * 29 + 256) % 256], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PICTURES = FAKE_ARTICLES.map((_, i) => picture(i));
/** Starts like a PNG; 6 MB is over what the app takes from a provider. */
const OVERSIZED = Buffer.concat([PICTURES[0] ?? Buffer.alloc(0), Buffer.alloc(6 * 1024 * 1024)]);

createServer((req, res) => {
  const url = new URL(req.url ?? '/', base);
  if (url.pathname === '/health') return res.end('ok');
  if (url.pathname === '/api/v1/news') {
    if (!req.headers['x-finnhub-token']) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":"Invalid API key"}');
    }
    if (downToken && req.headers['x-finnhub-token'] === downToken) {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad Gateway</body></html>');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(FAKE_ARTICLES));
  }
  const image = /^\/img\/(\d+)\.(png|jpg)$/.exec(url.pathname);
  if (image) {
    const i = Number(image[1]);
    if (i === NOT_AN_IMAGE) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end('<html><body>Subscribe to see this picture</body></html>');
    }
    const body = i === OVERSIZED_IMAGE ? OVERSIZED : PICTURES[i];
    if (body) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(body.length) });
      return res.end(body);
    }
  }
  res.writeHead(404).end();
}).listen(port, '127.0.0.1');
