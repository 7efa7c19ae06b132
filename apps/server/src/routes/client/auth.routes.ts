import { changePassword } from '@meridian/contracts/endpoints/auth';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { clearSessionCookie } from '../../modules/auth/session-cookie.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../scopes.ts';

/**
 * Changing a password: one's own (agents too), or anyone's for an admin. Every session of that user
 * ends, so one's own change also clears this browser's refresh cookie.
 */
export const authClientRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  route(
    app,
    changePassword,
    async (request, reply) => {
      await auth.changePassword(request.params.userId, request.body);
      if (request.params.userId === callerOf(request).id) clearSessionCookie(reply);
      return { message: messageText('auth.passwordChanged') };
    },
    { config: { callers: ['Client', 'Admin', 'Agent'] } },
  );
};
