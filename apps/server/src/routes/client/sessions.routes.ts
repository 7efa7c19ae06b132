import { endOtherSessions, endSession, listSessions } from '@meridian/contracts/endpoints/sessions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { clearSessionCookie } from '../../modules/identity/auth/index.ts';
import * as sessions from '../../modules/identity/sessions/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/** The caller's own signed-in sessions (Security page): clients, admins and agents alike. */
const callers = ['Client', 'Admin', 'Agent'] as const;

export const sessionsClientRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  route(app, listSessions, (request) => sessions.listOwnSessions(app.db, callerOf(request)), {
    config: { callers },
  });
  route(
    app,
    endSession,
    async (request, reply) => {
      const caller = callerOf(request);
      await sessions.endOwnSession(app.db, auth, caller, request.params.id);
      // Ending the session this browser is in signs it out, as signing out does.
      if (request.params.id === caller.sessionId) clearSessionCookie(reply);
      return { message: messageText('sessions.ended') };
    },
    { config: { callers } },
  );
  route(
    app,
    endOtherSessions,
    async (request) => {
      const count = await sessions.endOtherOwnSessions(app.db, auth, callerOf(request));
      return { message: messageText('sessions.othersEnded', { count }), count };
    },
    { config: { callers } },
  );
};
