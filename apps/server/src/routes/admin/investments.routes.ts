import { getInvestments } from '@meridian/contracts/endpoints/investments';
import type { FastifyPluginAsync } from 'fastify';
import { pageInvestments } from '../../modules/transactions/transactions.service.ts';
import { route } from '../route.ts';

/** The admin's Investments list: every client's, with the client. */
export const investmentsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getInvestments, (request) => pageInvestments(app.db, request.query));
};
