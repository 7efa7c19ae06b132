import { getHealth } from '@meridian/contracts/endpoints/health';
import type { FastifyPluginAsync } from 'fastify';
import { readHealth } from '../../modules/health/health.service.ts';
import { route } from '../route.ts';

/** Liveness, for the operator's monitoring. */
export const healthPublicRoutes: FastifyPluginAsync = async (app) => {
  route(app, getHealth, () => readHealth(app.db, app.dbKind, app.jobs.status()));
};
