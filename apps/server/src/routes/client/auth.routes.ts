import { changePassword } from '@meridian/contracts/endpoints/auth';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * Changing a password: one's own (agents too; the current password is required, and every other
 * session ends), or anyone's for an admin (every session of that user ends). Rate-limited like
 * sign-in, since it checks a password.
 */
export const authClientRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  route(
    app,
    changePassword,
    async (request) => {
      await auth.changePassword(callerOf(request), request.params.userId, request.body);
      return { message: messageText('auth.passwordChanged') };
    },
    {
      config: {
        callers: ['Client', 'Admin', 'Agent'],
        beforeSecondFactor: true,
        rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
    },
  );
};
