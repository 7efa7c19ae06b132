import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZInAppMessageInput, ZInAppMessageList, ZInAppMessageParams } from '@meridian/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { deleteMessage, listMessagesOf, markAllRead, sendMessage } from '../../modules/messages/messages.repository.ts';
import { assertSelfOrAdmin, callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

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

  app.post(
    '/inappmessage',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags: ['messages'],
        summary: 'Send an in-app message to a client (the sender is the calling admin)',
        security: [{ bearerAuth: [] }],
        consumes: FORMS,
        body: ZInAppMessageInput,
        response: { 201: ZMessage, ...errors },
      },
    },
    async (request, reply) => {
      const { receiver, subject, message } = request.body;
      const row = await sendMessage(app.db, { senderId: callerOf(request).id, receiverId: receiver, subject, message });
      if (!row) throw notFound();
      return reply.code(201).send({ message: messageText('notifications.messageSent') });
    },
  );

  app.put(
    '/inappmessage/markall/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags: ['messages'],
        summary: "Mark all of a client's in-app messages read",
        security: [{ bearerAuth: [] }],
        params: ZUserIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request, request.params.userId);
      await markAllRead(app.db, request.params.userId);
      return { message: messageText('notifications.allMarkedRead') };
    },
  );

  app.delete(
    '/inappmessage/:id',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags: ['messages'],
        summary: 'Delete an in-app message (its receiver, or an admin)',
        security: [{ bearerAuth: [] }],
        params: ZInAppMessageParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const deleted = await deleteMessage(app.db, request.params.id, caller.type === 'Admin' ? null : caller.id);
      if (!deleted) throw notFound();
      return { message: messageText('notifications.deleted') };
    },
  );
};
