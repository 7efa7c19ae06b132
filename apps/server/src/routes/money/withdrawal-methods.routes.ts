import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import {
  ZIdParams,
  ZWithdrawalMethod,
  ZWithdrawalMethodAnswer,
  ZWithdrawalMethodInput,
  ZWithdrawalMethodList,
  ZWithdrawalMethodUpdate,
} from '@meridian/contracts/methods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toApiWithdrawalMethod } from '../../modules/methods/methods.mapper.ts';
import { findWithdrawalMethod, listWithdrawalMethods } from '../../modules/methods/methods.repository.ts';
import {
  createWithdrawalMethod,
  deleteWithdrawalMethod,
  methodNotFound,
  updateWithdrawalMethodById,
} from '../../modules/methods/methods.service.ts';
import { callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['withdrawal methods'];

/**
 * How clients take money out (spec 01 §2 Withdrawal flow, spec 02 §2 Withdrawal methods). Reading
 * needs a signed-in client or admin.
 */
export const withdrawalMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/withdrawalmethod',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'Live withdrawal methods, newest first',
        security: [{ bearerAuth: [] }],
        response: { 200: ZWithdrawalMethodList, 401: ZApiError, 403: ZApiError },
      },
    },
    async () => ({ withdrawalMethods: (await listWithdrawalMethods(app.db)).map(toApiWithdrawalMethod) }),
  );

  app.get(
    '/withdrawalmethod/:id',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'One withdrawal method',
        security: [{ bearerAuth: [] }],
        params: ZIdParams,
        response: { 200: ZWithdrawalMethod, ...errors },
      },
    },
    async (request) => {
      const row = await findWithdrawalMethod(app.db, request.params.id);
      if (!row) throw methodNotFound();
      return toApiWithdrawalMethod(row);
    },
  );

  app.post(
    '/withdrawalmethod',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Create a withdrawal method',
        security: [{ bearerAuth: [] }],
        consumes: FORMS,
        body: ZWithdrawalMethodInput,
        response: { 201: ZWithdrawalMethodAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createWithdrawalMethod(app.db, callerOf(request).id, request.body);
      return reply
        .status(201)
        .send({ message: messageText('money.withdrawalMethodCreated'), withdrawalMethod: toApiWithdrawalMethod(row) });
    },
  );

  app.put(
    '/withdrawalmethod',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Update a withdrawal method (its id is in the body, as the spec sends it)',
        security: [{ bearerAuth: [] }],
        consumes: FORMS,
        body: ZWithdrawalMethodUpdate,
        response: { 200: ZWithdrawalMethodAnswer, ...errors },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      const row = await updateWithdrawalMethodById(app.db, callerOf(request).id, id, input);
      return { message: messageText('money.withdrawalMethodUpdated'), withdrawalMethod: toApiWithdrawalMethod(row) };
    },
  );

  app.delete(
    '/withdrawalmethod/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Delete a withdrawal method (hidden; past withdrawals keep its name)',
        security: [{ bearerAuth: [] }],
        params: ZIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await deleteWithdrawalMethod(app.db, callerOf(request).id, request.params.id);
      return { message: messageText('money.withdrawalMethodDeleted') };
    },
  );
};
