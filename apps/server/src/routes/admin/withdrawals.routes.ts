import {
  deleteWithdrawal,
  getWithdrawals,
  setWithdrawalReference,
  setWithdrawalStatus,
} from '@meridian/contracts/endpoints/withdrawals';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as withdrawals from '../../modules/money/withdrawals/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/**
 * Withdrawal Management: every withdrawal, the decision on a pending one (with the payout's
 * reference), the payout reference of a completed one, deleting a pending one.
 */
export const withdrawalsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getWithdrawals, (request) => withdrawals.pageWithdrawals(app.db, callerOf(request), request.query));
  route(app, setWithdrawalStatus, async (request, _reply, { db }) => {
    const { withdrawal, outcome } = await withdrawals.setWithdrawalStatus(
      db,
      app.mail,
      callerOf(request).id,
      request.params.id,
      request.body.status,
      { reference: request.body.reference },
      { above: app.config.APPROVAL_WITHDRAWAL_ABOVE },
    );
    const message = outcome === 'waiting' ? 'approvals.requested' : 'withdrawals.withdrawalStatusUpdated';
    return { message: messageText(message), withdrawal };
  });
  route(app, setWithdrawalReference, async (request) => ({
    message: messageText('withdrawals.payoutReferenceSaved'),
    withdrawal: await withdrawals.setWithdrawalReference(app.db, callerOf(request).id, request.params.id, request.body),
  }));
  route(app, deleteWithdrawal, async (request, _reply, { db }) => {
    await withdrawals.deleteWithdrawal(db, callerOf(request).id, request.params.id);
    return { message: messageText('transactions.deleted') };
  });
};
