import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError } from '@meridian/contracts/errors';
import { ZInAppMessageList } from '@meridian/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMessagesOf } from '../../modules/messages/messages.repository.ts';
import { assertSelfOrAdmin } from '../../plugins/auth.ts';

/** How many messages the list carries; the unread count covers all of them. */
const LIST_LIMIT = 100;

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inappmessage/receiver/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags: ['messages'],
        summary: "A client's in-app messages, newest first, with the unread count",
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        response: { 200: ZInAppMessageList, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      const { rows, unread } = await listMessagesOf(app.db, request.params.userId, LIST_LIMIT);
      return {
        result: rows.map((m) => ({
          id: m.id,
          subject: m.subject,
          message: m.message,
          read: m.read,
          createdAt: m.createdAt.toISOString(),
        })),
        unread,
      };
    },
  );
};
