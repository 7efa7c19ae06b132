import { getHealth, getLiveness } from '@meridian/contracts/endpoints/health';
import type { FastifyPluginAsync } from 'fastify';
import { readLiveness, readReadiness } from '../../modules/platform/health/index.ts';
import { countMail } from '../../modules/platform/mail/index.ts';
import { route } from '../route.ts';

/**
 * For the operator's monitoring and load balancer (docs/operations.md, "Health"): liveness, which
 * touches nothing (restart the process when it fails), and readiness, 503 while the database or
 * Redis does not answer (send no traffic to this server meanwhile).
 */
export const healthPublicRoutes: FastifyPluginAsync = async (app) => {
  // Each answer says how things are now: no proxy or browser may keep it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, getLiveness, () => readLiveness());

  route(app, getHealth, async (request, reply) => {
    const health = await readReadiness({
      db: app.db,
      dbKind: app.dbKind,
      redis: app.redis,
      jobs: app.jobs,
      market: app.market,
      mail: { state: app.mail.state, counts: () => countMail(app.db) },
      onFailure: (component, err) => request.log.warn({ err, component }, 'readiness check failed'),
    });
    if (health.status !== 'ok') reply.status(503);
    return health;
  });
};
