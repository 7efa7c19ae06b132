import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZAdjustmentInput, ZClearBalancesInput } from '@meridian/contracts/balances';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZIdParams } from '@meridian/contracts/methods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adjustBalance, clearBalances } from '../../modules/adjustments/adjustments.service.ts';
import { callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const tags = ['balance actions'];
const security = [{ bearerAuth: [] }];

/**
 * The admin's balance actions on the client detail page (spec 02 §2 Client detail, §5 Credit /
 * Debit / Add Profit, §7). Each is a ledger transaction with a reason, shown to the client as an
 * adjustment and kept in the audit log.
 */
export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/fund/:userId',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Credit Account: adjustments → the client’s balance',
        security,
        consumes: FORMS,
        params: ZUserIdParams,
        body: ZAdjustmentInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await adjustBalance(app.db, callerOf(request).id, request.params.userId, 'credit', request.body);
      return { message: messageText('money.credited') };
    },
  );

  app.post(
    '/user/debit/:userId',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Debit Account: the client’s balance → adjustments; never more than the balance',
        security,
        consumes: FORMS,
        params: ZUserIdParams,
        body: ZAdjustmentInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await adjustBalance(app.db, callerOf(request).id, request.params.userId, 'debit', request.body);
      return { message: messageText('money.debited') };
    },
  );

  app.post(
    '/trade/profit/:id',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Add Profit: adjustments → the client’s profit balance',
        security,
        consumes: FORMS,
        params: ZIdParams,
        body: ZAdjustmentInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await adjustBalance(app.db, callerOf(request).id, request.params.id, 'profit', request.body);
      return { message: messageText('money.profitAdded') };
    },
  );

  app.post(
    '/user/clear-balances/:id',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Clear Balance: balance, trading, profit and bonus → adjustments (pending withdrawals keep their hold)',
        security,
        consumes: FORMS,
        params: ZIdParams,
        body: ZClearBalancesInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await clearBalances(app.db, callerOf(request).id, request.params.id, request.body.reason);
      return { message: messageText('money.balancesCleared') };
    },
  );
};
