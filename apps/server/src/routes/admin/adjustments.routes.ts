import { addProfit, clearBalances, creditBalance, debitBalance } from '@meridian/contracts/endpoints/adjustments';
import { messageText, type TMessageKey } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as adjustments from '../../modules/money/adjustments/index.ts';
import type { TActionOutcome } from '../../modules/money/approvals/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * The balance actions of the client detail page: Credit Account, Debit Account, Add Profit and
 * Clear Balance, each a ledger transaction with a reason (docs/money.md), in group-commit batches;
 * above the four-eyes threshold each waits for a second staff member instead (docs/money.md,
 * "Four-eyes approval").
 */
export const adjustmentsAdminRoutes: FastifyPluginAsync = async (app) => {
  const fourEyes = { above: app.config.APPROVAL_ADJUSTMENT_ABOVE };
  const answer = (outcome: TActionOutcome | false, done: TMessageKey) => ({
    message: messageText(outcome === 'waiting' ? 'approvals.requested' : done),
  });
  route(
    app,
    creditBalance,
    async (request, _reply, { db }) => {
      const { userId } = request.params;
      const outcome = await adjustments.adjustBalance(
        db,
        app.mail,
        callerOf(request).id,
        userId,
        'credit',
        request.body,
        fourEyes,
      );
      return answer(outcome, 'adjustments.credited');
    },
    { batchBy: (request) => [request.params.userId] },
  );
  route(
    app,
    debitBalance,
    async (request, _reply, { db }) => {
      const { userId } = request.params;
      const outcome = await adjustments.adjustBalance(
        db,
        app.mail,
        callerOf(request).id,
        userId,
        'debit',
        request.body,
        fourEyes,
      );
      return answer(outcome, 'adjustments.debited');
    },
    { batchBy: (request) => [request.params.userId] },
  );
  route(
    app,
    addProfit,
    async (request, _reply, { db }) => {
      const { id } = request.params;
      const outcome = await adjustments.adjustBalance(
        db,
        app.mail,
        callerOf(request).id,
        id,
        'profit',
        request.body,
        fourEyes,
      );
      return answer(outcome, 'adjustments.profitAdded');
    },
    { batchBy: (request) => [request.params.id] },
  );
  route(
    app,
    clearBalances,
    async (request, _reply, { db }) => {
      const { id } = request.params;
      const outcome = await adjustments.clearBalances(
        db,
        app.mail,
        callerOf(request).id,
        id,
        request.body.reason,
        fourEyes,
      );
      return answer(outcome, 'adjustments.balancesCleared');
    },
    { batchBy: (request) => [request.params.id] },
  );
};
