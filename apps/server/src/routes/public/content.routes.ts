import { getContent, getLegalDocument, getPublicActivity, getPublicStats } from '@meridian/contracts/endpoints/content';
import type { FastifyPluginAsync } from 'fastify';
import { PublicStatsService } from '../../modules/platform/public-stats/index.ts';
import { route } from '../route.ts';

/**
 * What the public site says about the platform, honestly: the operator content file in one
 * language, figures computed from the database, and real anonymised recent activity.
 */
export const contentPublicRoutes: FastifyPluginAsync = async (app) => {
  const stats = new PublicStatsService(app.db);

  route(app, getContent, (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return app.content.contentFor(request.query.lang);
  });

  // The terms and the risk disclosure a sign-up accepts: the operator's words, as the content above.
  route(app, getLegalDocument, (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return app.content.legalDocument(request.params.document, request.query.lang);
  });

  route(app, getPublicStats, (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return stats.publicStats();
  });

  route(app, getPublicActivity, (_request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return stats.recentActivity();
  });
};
