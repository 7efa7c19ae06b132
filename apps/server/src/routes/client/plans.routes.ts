import { getPlan, getPlans } from '@meridian/contracts/endpoints/plans';
import type { FastifyPluginAsync } from 'fastify';
import * as plans from '../../modules/investing/plans/index.ts';
import { route } from '../route.ts';

/** Investment plans: every signed-in client (and admin) reads the live ones. */
export const plansClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getPlans, () => plans.readPlans(app.db));
  route(app, getPlan, (request) => plans.readPlan(app.db, request.params.id));
};
