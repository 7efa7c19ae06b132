import { endClientSessions, listClientSessions } from '@meridian/contracts/endpoints/sessions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as sessions from '../../modules/identity/sessions/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/** A client's signed-in sessions on the client detail page; ending them is audited with a reason. */
export const sessionsAdminRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  route(app, listClientSessions, (request) => sessions.listClientSessions(app.db, request.params.id));
  route(app, endClientSessions, async (request) => {
    const count = await sessions.endClientSessions(
      app.db,
      auth,
      callerOf(request).id,
      request.params.id,
      request.body.reason,
    );
    return { message: messageText('sessions.clientSessionsEnded', { count }), count };
  });
};
