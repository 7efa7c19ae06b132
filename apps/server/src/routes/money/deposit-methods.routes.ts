import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import {
  ZDepositMethod,
  ZDepositMethodAnswer,
  ZDepositMethodInput,
  ZDepositMethodList,
  ZDepositMethodUpdate,
  ZIdParams,
} from '@meridian/contracts/methods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toApiDepositMethod } from '../../modules/methods/methods.mapper.ts';
import { findDepositMethod, listDepositMethods } from '../../modules/methods/methods.repository.ts';
import {
  createDepositMethod,
  deleteDepositMethod,
  methodNotFound,
  updateDepositMethodById,
} from '../../modules/methods/methods.service.ts';
import { callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['deposit methods'];

/**
 * Where clients send funds (spec 01 §2 Deposit flow, spec 02 §2 Deposit methods). Reading is
 * public: the deposit dialog and the invest-via-deposit list call it without a token.
 */
export const depositMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/depositmethod',
    {
      schema: { tags, summary: 'Live deposit methods, newest first', response: { 200: ZDepositMethodList } },
    },
    async () => ({ depositMethods: (await listDepositMethods(app.db)).map(toApiDepositMethod) }),
  );

  app.get(
    '/depositmethod/:id',
    {
      schema: { tags, summary: 'One deposit method', params: ZIdParams, response: { 200: ZDepositMethod, ...errors } },
    },
    async (request) => {
      const row = await findDepositMethod(app.db, request.params.id);
      if (!row) throw methodNotFound();
      return toApiDepositMethod(row);
    },
  );

  app.post(
    '/depositmethod',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Create a deposit method',
        security: [{ bearerAuth: [] }],
        consumes: FORMS,
        body: ZDepositMethodInput,
        response: { 201: ZDepositMethodAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createDepositMethod(app.db, callerOf(request).id, request.body);
      return reply
        .status(201)
        .send({ message: messageText('money.depositMethodCreated'), depositMethod: toApiDepositMethod(row) });
    },
  );

  app.put(
    '/depositmethod',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Update a deposit method (its id is in the body, as the spec sends it)',
        security: [{ bearerAuth: [] }],
        consumes: FORMS,
        body: ZDepositMethodUpdate,
        response: { 200: ZDepositMethodAnswer, ...errors },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      const row = await updateDepositMethodById(app.db, callerOf(request).id, id, input);
      return { message: messageText('money.depositMethodUpdated'), depositMethod: toApiDepositMethod(row) };
    },
  );

  app.delete(
    '/depositmethod/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Delete a deposit method (hidden; past deposits keep its name and address)',
        security: [{ bearerAuth: [] }],
        params: ZIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await deleteDepositMethod(app.db, callerOf(request).id, request.params.id);
      return { message: messageText('money.depositMethodDeleted') };
    },
  );
};
