import { defineEndpoint } from '../endpoint.ts';
import { ZNewsFeed, ZNewsImageParams } from '../news.ts';

/** Market news for the public site's carousel. */
export const getNews = defineEndpoint({
  method: 'GET',
  path: '/crypto-news',
  tag: 'content',
  summary: 'Latest market news (cached server-side; empty with configured=false when no provider is set up)',
  response: ZNewsFeed,
  errors: [503],
});

/**
 * A news item's picture, served from our origin: fetched once from the provider, checked to be an
 * image by its bytes and re-encoded. Only keys the news feed issued are served; anything else,
 * and a source that fails, is too large or is not an image, answers 404.
 */
export const getNewsImage = defineEndpoint({
  method: 'GET',
  path: '/crypto-news/images/:key',
  tag: 'content',
  summary: 'A news picture by the key the news feed gave it (WebP, public, cached for a day); 404 when unavailable',
  params: ZNewsImageParams,
  produces: 'image',
  errors: [400, 404],
});
