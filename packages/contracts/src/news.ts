import { z } from 'zod';
import type { TMessageKey } from './messages.ts';

/** Most items `GET /api/crypto-news` answers (newest first). */
export const NEWS_MAX_ITEMS = 30;
/** The server asks the news provider at most once per this many milliseconds, whatever the traffic. */
export const NEWS_REFRESH_MS = 60_000;
/** How much of a summary the news carousel shows. */
export const NEWS_SUMMARY_PREVIEW_LENGTH = 150;

/** An absolute http(s) address; anything else (`javascript:`, relative paths) is not a link we show. */
export const ZHttpUrl = z.url({ protocol: /^https?$/ });

/**
 * The opaque key of a news picture (`GET /api/crypto-news/images/:key`): the server issues one per
 * picture its news feed names and serves only those, so the endpoint fetches nothing a caller chose.
 */
export const NEWS_IMAGE_KEY = /^[0-9a-f]{32}$/;
/** Where a news picture is served from: our own origin, so the page's `img-src 'self'` holds. */
export const NEWS_IMAGE_PATH = /^\/api\/crypto-news\/images\/[0-9a-f]{32}$/;

/** `GET /api/crypto-news/images/:key`. */
export const ZNewsImageParams = z.strictObject({
  key: z.string().regex(NEWS_IMAGE_KEY, { error: 'errors.notFound' satisfies TMessageKey }),
});

/**
 * One market-news item, in Finnhub's market-news shape. `datetime` is in seconds since the epoch;
 * `image` is the picture's address on our own server (`/api/crypto-news/images/<key>`, never the
 * provider's), or an empty string when the source has none.
 */
export const ZNewsItem = z.object({
  id: z.string(),
  image: z.union([z.literal(''), z.string().regex(NEWS_IMAGE_PATH)]),
  headline: z.string(),
  category: z.string(),
  datetime: z.number().int(),
  source: z.string(),
  summary: z.string(),
  url: z.string(),
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

/**
 * `GET /api/crypto-news`. `configured: false`: no news provider is set up (no `FINNHUB_TOKEN`); the
 * list is empty and the page shows an empty state. `stale: true`: the latest refresh failed and this
 * is the last good copy, fetched at `updatedAt`.
 */
export const ZNewsFeed = z.object({
  news: z.array(ZNewsItem),
  configured: z.boolean(),
  stale: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type TNewsFeed = z.infer<typeof ZNewsFeed>;
