import { getUserInvestments } from '@meridian/contracts/endpoints/investments';
import type { FastifyPluginAsync } from 'fastify';
import { pageInvestments } from '../../modules/transactions/transactions.service.ts';
import { route } from '../route.ts';

/** The Investments tab of a client's history (an admin reads any client's). */
export const investmentsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getUserInvestments, (request) => pageInvestments(app.db, request.query, request.params.userId));
};
