import { login, logout, refresh, register } from '@meridian/contracts/endpoints/auth';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import {
  clearSessionCookie,
  refreshTokenOf,
  setSessionCookie,
  signInContextOf,
} from '../../modules/identity/auth/index.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * Sign-up, sign-in, token refresh and sign-out; all but sign-out rate-limited per IP. The routes of the
 * session cookie answer only our own pages (`sameOrigin`, docs/security.md "Cross-site requests").
 */
export const authPublicRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const config = { rateLimit };
  const cookieConfig = { rateLimit, sameOrigin: true };

  route(
    app,
    register,
    async (request) => ({ message: messageText('auth.accountCreated'), user: await auth.register(request.body) }),
    { config },
  );

  route(
    app,
    login,
    async (request, reply) => {
      const session = await auth.login(request.body, signInContextOf(request));
      // Two-factor sign-in on: no session yet, the challenge of the second step (routes/public/two-factor.routes.ts).
      if ('challenge' in session) return session;
      setSessionCookie(app.config, request, reply, session);
      return session.auth;
    },
    { config: cookieConfig },
  );

  route(
    app,
    refresh,
    async (request, reply) => {
      try {
        const session = await auth.refresh(refreshTokenOf(request));
        setSessionCookie(app.config, request, reply, session);
        return session.auth;
      } catch (err) {
        clearSessionCookie(reply);
        throw err;
      }
    },
    { config: cookieConfig },
  );

  // Public: signing out works with an expired access token too, and ends the cookie's sign-in.
  route(
    app,
    logout,
    async (request, reply) => {
      await auth.logout(refreshTokenOf(request), request.headers.authorization);
      clearSessionCookie(reply);
      return { message: messageText('auth.loggedOut') };
    },
    { config: { sameOrigin: true } },
  );
};
