import {
  createInvestmentViaDeposit,
  getUserInvestments,
  investFromBalance,
} from '@meridian/contracts/endpoints/investments';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as investments from '../../modules/investing/investments/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Investing in a plan (the client themself) and the Investments tab (an admin reads any client's). */
export const investmentsClientRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    createInvestmentViaDeposit,
    async (request, _reply, { db }) => ({
      message: messageText('investments.created'),
      ...(await investments.investViaDeposit(db, callerOf(request), request.body)),
    }),
    { config: { callers: ['Client'], verifiedEmail: true }, batchBy: (request) => [callerOf(request).id] },
  );
  route(
    app,
    investFromBalance,
    async (request, _reply, { db }) => ({
      message: messageText('investments.createdFromBalance'),
      investment: await investments.investFromBalance(db, callerOf(request), request.body),
    }),
    { config: { callers: ['Client'], verifiedEmail: true }, batchBy: (request) => [callerOf(request).id] },
  );
  route(app, getUserInvestments, (request) =>
    investments.pageInvestments(app.db, request.query, request.params.userId),
  );
};
