import { getNews, getNewsImage } from '@meridian/contracts/endpoints/news';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../route.ts';

/** Market news for the public site's carousel, from the provider behind `app.news` (providers/news). */
export const newsPublicRoutes: FastifyPluginAsync = async (app) => {
  route(app, getNews, async (_request, reply) => {
    const feed = await app.news.feed();
    reply.header('cache-control', 'public, max-age=10');
    return feed;
  });

  // The news pictures, from our origin (providers/news/images.ts). A key names one source address
  // for good, so a browser may keep the picture; a day is longer than any story stays in the feed.
  route(app, getNewsImage, async (request, reply) => {
    const picture = await app.news.picture(request.params.key);
    return reply
      .header('content-type', picture.contentType)
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(picture.data);
  });
};
