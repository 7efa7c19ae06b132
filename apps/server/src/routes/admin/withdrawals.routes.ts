import { deleteWithdrawal, getWithdrawals, setWithdrawalStatus } from '@meridian/contracts/endpoints/withdrawals';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as withdrawals from '../../modules/withdrawals/withdrawals.service.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Withdrawal Management: every withdrawal, the decision on a pending one, deleting a pending one. */
export const withdrawalsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getWithdrawals, (request) => withdrawals.pageWithdrawals(app.db, callerOf(request), request.query));
  route(app, setWithdrawalStatus, async (request) => ({
    message: messageText('withdrawals.withdrawalStatusUpdated'),
    withdrawal: await withdrawals.setWithdrawalStatus(
      request.db,
      callerOf(request).id,
      request.params.id,
      request.body.status,
    ),
  }));
  route(app, deleteWithdrawal, async (request) => {
    await withdrawals.deleteWithdrawal(request.db, callerOf(request).id, request.params.id);
    return { message: messageText('transactions.deleted') };
  });
};
