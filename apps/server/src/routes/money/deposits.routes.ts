import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZIdParams } from '@meridian/contracts/methods';
import { ZPageQuery } from '@meridian/contracts/pagination';
import { ZDepositAnswer, ZDepositInput, ZDepositPage, ZDepositStatusInput } from '@meridian/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDeposit, deleteDeposit, setDepositStatus } from '../../modules/deposits/deposits.service.ts';
import { toApiTransaction } from '../../modules/transactions/transactions.mapper.ts';
import { listTransactions } from '../../modules/transactions/transactions.service.ts';
import { assertSelfOrAdmin, callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const tags = ['deposits'];
const security = [{ bearerAuth: [] }];

/** Make Deposit (spec 01 §2, §5) and the admin's Deposit Management (spec 02 §2, §4). */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/deposit',
    {
      onRequest: app.requireRole('Client'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Declare a deposit sent to a method’s address (Pending until an admin completes it)',
        security,
        consumes: FORMS,
        body: ZDepositInput,
        response: { 201: ZDepositAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createDeposit(app.db, callerOf(request), request.body);
      return reply.status(201).send({ message: messageText('money.depositCreated'), deposit: toApiTransaction(row) });
    },
  );

  app.get(
    '/deposit/user/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'A client’s deposits, newest first',
        security,
        params: ZUserIdParams,
        querystring: ZPageQuery,
        response: { 200: ZDepositPage, ...errors },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      const { items, totalPage } = await listTransactions(
        app.db,
        { userId: request.params.userId, type: 'Deposit' },
        request.query,
        { withUser: false },
      );
      return { deposits: items, totalPage };
    },
  );

  app.get(
    '/deposit',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Every deposit, newest first, with its client',
        security,
        querystring: ZPageQuery,
        response: { 200: ZDepositPage, ...errors },
      },
    },
    async (request) => {
      const { items, totalPage } = await listTransactions(app.db, { type: 'Deposit' }, request.query, {
        withUser: true,
      });
      return { deposits: items, totalPage };
    },
  );

  app.put(
    '/deposit/status/:id',
    {
      onRequest: app.requireRole('Admin'),
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Set a deposit’s status; Completed credits the client once and is final',
        security,
        consumes: FORMS,
        params: ZIdParams,
        body: ZDepositStatusInput,
        response: { 200: ZDepositAnswer, ...errors },
      },
    },
    async (request) => {
      const row = await setDepositStatus(app.db, callerOf(request).id, request.params.id, request.body.status);
      return { message: messageText('money.depositStatusUpdated'), deposit: toApiTransaction(row) };
    },
  );

  app.delete(
    '/deposit/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Delete a deposit that moved no money (a Completed one is kept)',
        security,
        params: ZIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await deleteDeposit(app.db, callerOf(request).id, request.params.id);
      return { message: messageText('money.deleted') };
    },
  );
};
