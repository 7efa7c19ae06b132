import {
  contentLanguage,
  ZContentQuery,
  ZPublicActivity,
  ZPublicContent,
  ZPublicStats,
} from '@meridian/contracts/content';
import { ZApiError } from '@meridian/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicStatsService } from '../../modules/public-stats/public-stats.service.ts';

const tags = ['content'];

/**
 * What the public site says about the platform (DESIGN §1 "Honest content"): the operator content
 * file in one language, figures computed from the database, and real anonymised recent activity.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = new PublicStatsService(app.db);

  app.get(
    '/content',
    {
      schema: {
        tags,
        summary: 'Operator content (brand, copy, team, testimonials, rating with its source) in one language',
        querystring: ZContentQuery,
        response: { 200: ZPublicContent, 400: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return app.content.publicContent(contentLanguage(request.query.lang));
    },
  );

  app.get(
    '/public/stats',
    {
      schema: {
        tags,
        summary: 'Computed platform figures: open client accounts, countries they live in, uptime',
        response: { 200: ZPublicStats },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return stats.publicStats();
    },
  );

  app.get(
    '/public/activity',
    {
      schema: {
        tags,
        summary:
          'Recent completed deposits, withdrawals and investments, anonymised (country or initial, rounded amount)',
        response: { 200: ZPublicActivity },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return stats.recentActivity();
    },
  );
};
