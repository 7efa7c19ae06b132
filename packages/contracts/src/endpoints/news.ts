import { defineEndpoint } from '../endpoint.ts';
import { ZNewsFeed } from '../news.ts';

/** Market news for the public site's carousel. */
export const getNews = defineEndpoint({
  method: 'GET',
  path: '/crypto-news',
  tag: 'content',
  summary: 'Latest market news (cached server-side; empty with configured=false when no provider is set up)',
  response: ZNewsFeed,
  errors: [503],
});
