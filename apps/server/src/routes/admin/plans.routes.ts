import { createPlan, deletePlan, updatePlan } from '@meridian/contracts/endpoints/plans';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as plans from '../../modules/investing/plans/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The admin's investment plans: create, edit, delete (each in the audit log). */
export const plansAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, createPlan, async (request) => ({
    message: messageText('investments.planCreated'),
    investmentPlan: await plans.createPlan(app.db, callerOf(request).id, request.body),
  }));
  route(app, updatePlan, async (request) => ({
    message: messageText('investments.planUpdated'),
    investmentPlan: await plans.updatePlanById(app.db, callerOf(request).id, request.body),
  }));
  route(app, deletePlan, async (request) => {
    await plans.deletePlan(app.db, callerOf(request).id, request.params.id);
    return { message: messageText('investments.planDeleted') };
  });
};
