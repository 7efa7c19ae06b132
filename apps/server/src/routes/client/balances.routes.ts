import { getBalance } from '@meridian/contracts/endpoints/balances';
import type { FastifyPluginAsync } from 'fastify';
import { balanceSummaryOf } from '../../modules/money/balances/index.ts';
import { route } from '../route.ts';

/** The Balance page and the dashboard totals: a client's own money, or any client's for an admin. */
export const balancesClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getBalance, (request) => balanceSummaryOf(app.db, request.params.userId));
};
