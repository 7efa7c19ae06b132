import { ZApiError } from '@meridian/contracts/errors';
import { ZNewsFeed } from '@meridian/contracts/news';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Market news for the public site's carousel (spec 01 §7 GET crypto-news; DESIGN §5). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crypto-news',
    {
      schema: {
        tags: ['content'],
        summary: 'Latest market news (cached server-side; empty with configured=false when no provider is set up)',
        response: { 200: ZNewsFeed, 503: ZApiError },
      },
    },
    async (_request, reply) => {
      const feed = await app.news.feed();
      reply.header('cache-control', 'public, max-age=10');
      return feed;
    },
  );
};
