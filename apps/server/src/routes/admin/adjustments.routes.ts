import { addProfit, clearBalances, creditBalance, debitBalance } from '@meridian/contracts/endpoints/adjustments';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as adjustments from '../../modules/money/adjustments/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * The balance actions of the client detail page: Credit Account, Debit Account, Add Profit and
 * Clear Balance, each a ledger transaction with a reason (docs/money.md), in group-commit batches.
 */
export const adjustmentsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    creditBalance,
    async (request, _reply, { db }) => {
      await adjustments.adjustBalance(
        db,
        app.mail,
        callerOf(request).id,
        request.params.userId,
        'credit',
        request.body,
      );
      return { message: messageText('adjustments.credited') };
    },
    { batchBy: (request) => [request.params.userId] },
  );
  route(
    app,
    debitBalance,
    async (request, _reply, { db }) => {
      await adjustments.adjustBalance(db, app.mail, callerOf(request).id, request.params.userId, 'debit', request.body);
      return { message: messageText('adjustments.debited') };
    },
    { batchBy: (request) => [request.params.userId] },
  );
  route(
    app,
    addProfit,
    async (request, _reply, { db }) => {
      await adjustments.adjustBalance(db, app.mail, callerOf(request).id, request.params.id, 'profit', request.body);
      return { message: messageText('adjustments.profitAdded') };
    },
    { batchBy: (request) => [request.params.id] },
  );
  route(
    app,
    clearBalances,
    async (request, _reply, { db }) => {
      await adjustments.clearBalances(db, app.mail, callerOf(request).id, request.params.id, request.body.reason);
      return { message: messageText('adjustments.balancesCleared') };
    },
    { batchBy: (request) => [request.params.id] },
  );
};
