import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { totalPages } from '@meridian/contracts/pagination';
import {
  ZSupportMessage,
  ZSupportMessageInput,
  ZSupportMessageList,
  ZSupportMessageParams,
  ZSupportMessageQuery,
} from '@meridian/contracts/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../../config.ts';
import {
  deleteSupportMessage,
  findSupportMessage,
  insertSupportMessage,
  listSupportMessages,
  supportMessageNotFound,
  toApiSupportMessage,
  UNPAGED_LIMIT,
} from '../../modules/support/support.repository.ts';
import { callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['support'];

/** The public support form and the admin's message requests (spec 01 §2 /support, spec 02 §2 Messages). */
export const supportRoutes: FastifyPluginAsyncZod<{ config: TConfig }> = async (app, { config }) => {
  app.post(
    '/messagereq',
    {
      config: { rateLimit: { max: config.SUPPORT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a message to support (public; rate limited per IP)',
        consumes: FORMS,
        body: ZSupportMessageInput,
        response: { 201: ZMessage, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      await insertSupportMessage(app.db, request.body);
      return reply.status(201).send({ message: messageText('support.messageSent') });
    },
  );

  app.get(
    '/messagereq',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Support messages, newest first (paged with ?page&limit)',
        security: [{ bearerAuth: [] }],
        querystring: ZSupportMessageQuery,
        response: { 200: ZSupportMessageList, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      if (page === undefined && limit === undefined) {
        const { rows } = await listSupportMessages(app.db, { offset: 0, limit: UNPAGED_LIMIT });
        return { messages: rows.map(toApiSupportMessage) };
      }
      const size = limit ?? 10;
      const { rows, total } = await listSupportMessages(app.db, { offset: ((page ?? 1) - 1) * size, limit: size });
      return { messages: rows.map(toApiSupportMessage), totalPage: totalPages(total, size) };
    },
  );

  app.get(
    '/messagereq/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'One support message',
        security: [{ bearerAuth: [] }],
        params: ZSupportMessageParams,
        response: { 200: ZSupportMessage, ...errors },
      },
    },
    async (request) => {
      const row = await findSupportMessage(app.db, request.params.id);
      if (!row) throw supportMessageNotFound();
      return toApiSupportMessage(row);
    },
  );

  app.delete(
    '/messagereq/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Delete a support message',
        security: [{ bearerAuth: [] }],
        params: ZSupportMessageParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await deleteSupportMessage(app.db, callerOf(request).id, request.params.id);
      return { message: messageText('money.deleted') };
    },
  );
};
