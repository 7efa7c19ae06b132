import { ZUserIdParams } from '@meridian/contracts/auth';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZUnlockRequestList, ZUnlockRequestParams } from '@meridian/contracts/recovery';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveRequest,
  listPendingRequests,
  readRequestImage,
  rejectRequest,
  sendResetLink,
} from '../../modules/recovery/recovery.service.ts';
import { callerOf } from '../../plugins/auth.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const security = [{ bearerAuth: [] }];
const tags = ['recovery'];

/** The admin side of recovery (spec 02 §2 "Unlock requests", §7 Unlock; DESIGN §1 reset links). */
export const unlockRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, mail: app.mail, files: app.files, log: app.log };

  /** Raw bytes, outside the JSON serializer; the params were checked by the route's schema. */
  const sendImage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const file = await readRequestImage(deps, id);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .send(file.data);
  };

  app.get(
    '/unlock/requests',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Pending unlock and password recovery requests, oldest first',
        security,
        response: { 200: ZUnlockRequestList, ...errors },
      },
    },
    async () => ({ requests: await listPendingRequests(app.db) }),
  );

  app.get(
    '/unlock/:id/image',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: "The request's photo (JPEG, PNG or WebP bytes; admins only)",
        security,
        params: ZUnlockRequestParams,
        produces: ['image/jpeg', 'image/png', 'image/webp'],
        response: errors,
      },
    },
    sendImage,
  );

  app.put(
    '/unlock/approve/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Approve a pending request: a temporary login code is emailed to the person',
        security,
        params: ZUnlockRequestParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await approveRequest(deps, callerOf(request).id, request.params.id);
      return { message: messageText('recovery.approved') };
    },
  );

  app.put(
    '/unlock/reject/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Reject a pending request (the person is told by email)',
        security,
        params: ZUnlockRequestParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      await rejectRequest(deps, callerOf(request).id, request.params.id);
      return { message: messageText('recovery.rejected') };
    },
  );

  app.post(
    '/client/:userId/password-reset',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Email a client a single-use link (1 hour) to choose a new password',
        security,
        params: ZUserIdParams,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      const origin = app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      await sendResetLink(deps, callerOf(request).id, request.params.userId, origin);
      return { message: messageText('recovery.resetLinkSent') };
    },
  );
};
