/**
 * A stand-in for Finnhub's market-news API during the end-to-end run (the internet is out of reach):
 * GET /api/v1/news answers six articles in Finnhub's shape, with pictures served from here too, or
 * 502 to the DOWN_TOKEN caller.
 * Started by playwright.config.ts before the app, which gets FINNHUB_URL pointing at it.
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 0);
/** A caller with this token is answered as if Finnhub were down (the "news down" app of the run). */
const downToken = process.env.DOWN_TOKEN;
const base = `http://127.0.0.1:${port}`;
const now = Math.floor(Date.now() / 1000);

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
  image: `${base}/img/${i}.svg`,
  related: '',
  source: 'Example Wire',
  summary: `${headline}. A sample article served by the end-to-end test's stand-in for the news provider, long enough to be cut to a preview on the home page cards, which show at most one hundred and fifty characters.`,
  url: `https://news.example.com/articles/${9000 + i}`,
}));

const picture = (i: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="hsl(${i * 50} 60% 40%)"/></svg>`;

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
  const image = /^\/img\/(\d+)\.svg$/.exec(url.pathname);
  if (image) {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    return res.end(picture(Number(image[1])));
  }
  res.writeHead(404).end();
}).listen(port, '127.0.0.1');
