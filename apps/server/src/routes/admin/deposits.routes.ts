import { deleteDeposit, getDeposits, setDepositStatus } from '@meridian/contracts/endpoints/deposits';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as deposits from '../../modules/money/deposits/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Deposit Management: every deposit, its status, deleting one that moved no money. */
export const depositsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getDeposits, (request) => deposits.pageDeposits(app.db, request.query));
  route(app, setDepositStatus, async (request, _reply, { db }) => ({
    message: messageText('deposits.depositStatusUpdated'),
    deposit: await deposits.setDepositStatus(
      db,
      app.mail,
      callerOf(request).id,
      request.params.id,
      request.body.status,
    ),
  }));
  route(app, deleteDeposit, async (request) => {
    await deposits.deleteDeposit(app.db, callerOf(request).id, request.params.id);
    return { message: messageText('transactions.deleted') };
  });
};
