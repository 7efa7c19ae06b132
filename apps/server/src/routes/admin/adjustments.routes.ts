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
  const answer = (outcome: TActionOutcome, done: TMessageKey) => ({
    message: messageText(outcome === 'waiting' ? 'approvals.requested' : done),
  });
  const adjust = (kind: 'credit' | 'debit' | 'profit', done: TMessageKey) =>
    route(
      app,
      { credit: creditBalance, debit: debitBalance, profit: addProfit }[kind],
      async (request, _reply, { db }) => {
        const userId = 'userId' in request.params ? request.params.userId : request.params.id;
        const outcome = await adjustments.adjustBalance(
          db,
          app.mail,
          callerOf(request).id,
          userId,
          kind,
          request.body,
          fourEyes,
        );
        return answer(outcome, done);
      },
      { batchBy: (request) => ['userId' in request.params ? request.params.userId : request.params.id] },
    );
  adjust('credit', 'adjustments.credited');
  adjust('debit', 'adjustments.debited');
  adjust('profit', 'adjustments.profitAdded');
  route(
    app,
    clearBalances,
    async (request, _reply, { db }) => {
      const outcome = await adjustments.clearBalances(
        db,
        app.mail,
        callerOf(request).id,
        request.params.id,
        request.body.reason,
        fourEyes,
      );
      return answer(outcome === false ? 'done' : outcome, 'adjustments.balancesCleared');
    },
    { batchBy: (request) => [request.params.id] },
  );
};
