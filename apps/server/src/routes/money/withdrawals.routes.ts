import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZIdParams } from '@meridian/contracts/methods';
import { ZPageQuery } from '@meridian/contracts/pagination';
import {
  ZVerifyCodeInput,
  ZWithdrawalAnswer,
  ZWithdrawalInput,
  ZWithdrawalPage,
  ZWithdrawalStatusInput,
} from '@meridian/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.ts';
import { toApiTransaction } from '../../modules/transactions/transactions.mapper.ts';
import { generateWithdrawalCode, verifyWithdrawalCode } from '../../modules/withdrawals/withdrawal-codes.service.ts';
import {
  createWithdrawal,
  deleteWithdrawal,
  pageWithdrawals,
  setWithdrawalStatus,
} from '../../modules/withdrawals/withdrawals.service.ts';
import { assertSelfOrAdmin, callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  422: ZApiError,
  429: ZApiError,
};
const tags = ['withdrawals'];
const security = [{ bearerAuth: [] }];

/**
 * Withdrawals (spec 01 §2/§4/§7 Withdrawal flow, spec 02 §2 Withdrawals): the emailed code, the
 * request that moves the amount into a hold, the lists, and the admin's decision.
 */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/withdrawal-auth/generate-code/:userId',
    {
      onRequest: app.requireRole('Client'),
      schema: {
        tags,
        summary: 'Email a 6-digit withdrawal code (10 minutes; one request a minute; replaces earlier codes)',
        security,
        params: ZUserIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      if (callerOf(request).id !== request.params.userId) throw forbidden('errors.notOwnRecord');
      await generateWithdrawalCode(app.db, app.mail, request.params.userId);
      return { message: messageText('money.codeSent') };
    },
  );

  app.post(
    '/withdrawal-auth/verify-code/:userId',
    {
      onRequest: app.requireRole('Client'),
      schema: {
        tags,
        summary: 'Verify the emailed code: it then allows one withdrawal within 10 minutes',
        security,
        consumes: FORMS,
        params: ZUserIdParams,
        body: ZVerifyCodeInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      if (callerOf(request).id !== request.params.userId) throw forbidden('errors.notOwnRecord');
      await verifyWithdrawalCode(app.db, request.params.userId, request.body.code);
      return { message: messageText('money.codeVerified') };
    },
  );

  app.post(
    '/withdrawal',
    {
      onRequest: app.requireRole('Client'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Ask for a withdrawal: the amount moves into a hold (profit first) until an admin decides',
        security,
        consumes: FORMS,
        body: ZWithdrawalInput,
        response: { 201: ZWithdrawalAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createWithdrawal(app.db, callerOf(request).id, request.body);
      return reply
        .status(201)
        .send({ message: messageText('money.withdrawalInitiated'), withdrawal: toApiTransaction(row) });
    },
  );

  app.get(
    '/withdrawal/user/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'A client’s withdrawals, newest first',
        security,
        params: ZUserIdParams,
        querystring: ZPageQuery,
        response: { 200: ZWithdrawalPage, ...errors },
      },
    },
    async (request) => {
      const caller = assertSelfOrAdmin(request, request.params.userId);
      const { page, limit } = request.query;
      const { rows, totalPage } = await pageWithdrawals(app.db, { userId: request.params.userId }, page, limit);
      const withUser = caller.type === 'Admin';
      return { withdrawals: rows.map((r) => toApiTransaction(r.row, withUser ? r.user : undefined)), totalPage };
    },
  );

  app.get(
    '/withdrawal',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Every withdrawal, newest first, with its client',
        security,
        querystring: ZPageQuery,
        response: { 200: ZWithdrawalPage, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, totalPage } = await pageWithdrawals(app.db, {}, page, limit);
      return { withdrawals: rows.map((r) => toApiTransaction(r.row, r.user)), totalPage };
    },
  );

  app.put(
    '/withdrawal/status/:id',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Complete (money leaves) or decline (the hold returns) a pending withdrawal; both are final',
        security,
        consumes: FORMS,
        params: ZIdParams,
        body: ZWithdrawalStatusInput,
        response: { 200: ZWithdrawalAnswer, ...errors },
      },
    },
    async (request) => {
      const status = request.body.status as 'Completed' | 'Pending' | 'Declined';
      const row = await setWithdrawalStatus(app.db, callerOf(request).id, request.params.id, status);
      return { message: messageText('money.withdrawalStatusUpdated'), withdrawal: toApiTransaction(row) };
    },
  );

  app.delete(
    '/withdrawal/:id',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Delete a pending withdrawal (its hold returns first); completed or declined ones are kept',
        security,
        params: ZIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await deleteWithdrawal(app.db, callerOf(request).id, request.params.id);
      return { message: messageText('money.deleted') };
    },
  );
};
