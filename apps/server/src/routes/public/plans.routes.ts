import { getPublicPlans } from '@meridian/contracts/endpoints/plans';
import type { FastifyPluginAsync } from 'fastify';
import * as plans from '../../modules/investing/plans/index.ts';
import { route } from '../route.ts';

/**
 * The operator's live plans as the home page shows them to anyone: their real terms, never marketing
 * tiers (docs/deviations.md, "No fixed marketing figures").
 */
export const plansPublicRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPublicPlans, (_request, reply) => {
    // As the home page's other figures (content.routes.ts): an admin's edit shows within a minute.
    reply.header('cache-control', 'public, max-age=60');
    return plans.readPublicPlans(app.db);
  });
};
