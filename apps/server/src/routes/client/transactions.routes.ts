import { getTransaction, getUserTransactions } from '@meridian/contracts/endpoints/transactions';
import type { FastifyPluginAsync } from 'fastify';
import * as transactions from '../../modules/money/transactions/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** A client's history and one of its records (an admin reads any client's). */
export const transactionsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getUserTransactions, (request) => transactions.pageHistory(app.db, request.query, request.params.userId), {
    compiled: true,
  });
  route(app, getTransaction, (request) => transactions.readTransaction(app.db, callerOf(request), request.params.id));
};
