import {
  deleteTransaction,
  getTransactionCharts,
  getTransactions,
  setTransactionStatus,
} from '@meridian/contracts/endpoints/transactions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as decisions from '../../modules/money/transaction-decisions/index.ts';
import * as transactions from '../../modules/money/transactions/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** Transactions: every client's history, the status and delete actions of its records, and the charts. */
export const transactionsAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getTransactions, (request) => transactions.pageHistory(app.db, request.query));
  route(app, setTransactionStatus, async (request, _reply, { db }) => {
    const { transaction, outcome } = await decisions.setTransactionStatus(
      db,
      app.mail,
      callerOf(request).id,
      request.params.id,
      request.body.status,
      { above: app.config.APPROVAL_WITHDRAWAL_ABOVE },
    );
    const message = outcome === 'waiting' ? 'approvals.requested' : 'transactions.transactionStatusUpdated';
    return { message: messageText(message), transaction };
  });
  route(app, deleteTransaction, async (request) => {
    await decisions.deleteTransaction(app.db, callerOf(request).id, request.params.id);
    return { message: messageText('transactions.deleted') };
  });
  route(app, getTransactionCharts, (request) => transactions.transactionCharts(app.db, request.query.days));
};
