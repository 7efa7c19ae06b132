import { z } from 'zod';

/** Most items `GET /api/crypto-news` answers (newest first). */
export const NEWS_MAX_ITEMS = 30;
/** The server asks the news provider at most once per this many milliseconds, whatever the traffic. */
export const NEWS_REFRESH_MS = 60_000;
/** How much of a summary the news carousel shows. */
export const NEWS_SUMMARY_PREVIEW_LENGTH = 150;

/** An absolute http(s) address; anything else (`javascript:`, relative paths) is not a link we show. */
export const ZHttpUrl = z.url({ protocol: /^https?$/ });

/**
 * One market-news item, in Finnhub's market-news shape. `datetime` is in
 * seconds since the epoch; `image` is an empty string when the source has none.
 */
export const ZNewsItem = z.object({
  id: z.string(),
  image: z.string(),
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
