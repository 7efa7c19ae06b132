import { getTradeActivities, getUserTrades } from '@meridian/contracts/endpoints/payouts';
import type { FastifyPluginAsync } from 'fastify';
import * as payouts from '../../modules/investing/payouts/index.ts';
import { route } from '../route.ts';

/** A client's payouts and trade activities (their own; an admin may read anyone's). */
export const payoutsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getUserTrades, (request) => payouts.listUserPayouts(app.db, request.params.userId, request.query));
  route(app, getTradeActivities, (request) => payouts.payoutActivities(app.db, request.params.userId));
};
