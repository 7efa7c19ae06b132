import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZIdParams } from '@meridian/contracts/methods';
import { ZPageQuery } from '@meridian/contracts/pagination';
import {
  ZTransaction,
  ZTransactionAnswer,
  ZTransactionListQuery,
  ZTransactionPage,
  ZTransactionStatusInput,
} from '@meridian/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toApiTransaction } from '../../modules/transactions/transactions.mapper.ts';
import {
  deleteTransaction,
  listTransactions,
  readTransaction,
  setTransactionStatus,
} from '../../modules/transactions/transactions.service.ts';
import { assertSelfOrAdmin, callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const tags = ['transactions'];
const security = [{ bearerAuth: [] }];

/** The unified history (spec 01 §2, spec 02 §2 Transactions and Transaction overview). */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transaction/user/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'A client’s history of every type, newest first',
        security,
        params: ZUserIdParams,
        querystring: ZPageQuery,
        response: { 200: ZTransactionPage, ...errors },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      const { items, totalPage } = await listTransactions(app.db, { userId: request.params.userId }, request.query, {
        withUser: false,
      });
      return { transactions: items, totalPage };
    },
  );

  app.get(
    '/transaction/:id',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'One transaction (a client’s own; an admin’s answer names the client)',
        security,
        params: ZIdParams,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) => readTransaction(app.db, callerOf(request), request.params.id),
  );

  app.get(
    '/transaction',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Every transaction, newest first, optionally of one type, with its client',
        security,
        querystring: ZTransactionListQuery,
        response: { 200: ZTransactionPage, ...errors },
      },
    },
    async (request) => {
      const { type, ...page } = request.query;
      const { items, totalPage } = await listTransactions(app.db, type ? { type } : {}, page, { withUser: true });
      return { transactions: items, totalPage };
    },
  );

  app.put(
    '/transaction/status/:id',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Set the status of a deposit or withdrawal (Approved means Completed)',
        security,
        consumes: FORMS,
        params: ZIdParams,
        body: ZTransactionStatusInput,
        response: { 200: ZTransactionAnswer, ...errors },
      },
    },
    async (request) => {
      const row = await setTransactionStatus(app.db, callerOf(request).id, request.params.id, request.body.status);
      return { message: messageText('money.transactionStatusUpdated'), transaction: toApiTransaction(row) };
    },
  );

  app.delete(
    '/transaction/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Delete a transaction that moved no money (records that did are kept)',
        security,
        params: ZIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await deleteTransaction(app.db, callerOf(request).id, request.params.id);
      return { message: messageText('money.deleted') };
    },
  );
};
