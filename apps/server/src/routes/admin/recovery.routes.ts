import {
  approveUnlockRequest,
  getUnlockRequestImage,
  getUnlockRequests,
  rejectUnlockRequest,
  sendPasswordResetLink,
} from '@meridian/contracts/endpoints/recovery';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as recovery from '../../modules/identity/recovery/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The admin side of recovery: the pending requests, their photos, decisions, and reset links. */
export const recoveryAdminRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, mail: app.mail, files: app.files, log: app.log };

  route(app, getUnlockRequests, () => recovery.listPendingRequests(app.db));

  // Raw bytes, outside the JSON serializer, never cached: the photo proves who the person is.
  route(app, getUnlockRequestImage, async (request, reply) => {
    const file = await recovery.readRequestImage(deps, request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .send(file.data);
  });

  route(app, approveUnlockRequest, async (request) => {
    await recovery.approveRequest(deps, callerOf(request).id, request.params.id);
    return { message: messageText('recovery.approved') };
  });

  route(app, rejectUnlockRequest, async (request) => {
    await recovery.rejectRequest(deps, callerOf(request).id, request.params.id);
    return { message: messageText('recovery.rejected') };
  });

  route(app, sendPasswordResetLink, async (request) => {
    // The site's own address from configuration, never the Host the request carried.
    await recovery.sendResetLink(deps, callerOf(request).id, request.params.userId, app.config.PUBLIC_URL);
    return { message: messageText('recovery.resetLinkSent') };
  });
};
