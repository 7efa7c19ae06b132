import { getMetrics } from '@meridian/contracts/endpoints/health';
import type { FastifyPluginAsync } from 'fastify';
import { unauthorized } from '../../lib/app-error.ts';
import { isBearer } from '../../plugins/metrics.ts';
import { route } from '../route.ts';

/**
 * Prometheus metrics for the operator's scraper. Public scope, because its caller is no user of the
 * platform: it has a token of its own, METRICS_TOKEN, checked here (docs/security.md, "Metrics").
 * Without METRICS_TOKEN the route is not registered, so it answers 404 like any unknown path.
 */
export const metricsPublicRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.METRICS_TOKEN;
  const metrics = app.metrics;
  if (!token || !metrics) return;

  route(app, getMetrics, async (request, reply) => {
    if (!isBearer(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
};
