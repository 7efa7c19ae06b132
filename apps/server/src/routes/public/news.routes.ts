import { getNews } from '@meridian/contracts/endpoints/news';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../route.ts';

/** Market news for the public site's carousel, from the provider behind `app.news` (providers/news). */
export const newsPublicRoutes: FastifyPluginAsync = async (app) => {
  route(app, getNews, async (_request, reply) => {
    const feed = await app.news.feed();
    reply.header('cache-control', 'public, max-age=10');
    return feed;
  });
};
