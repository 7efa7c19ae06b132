import { login, logout, refresh, register } from '@meridian/contracts/endpoints/auth';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import {
  clearSessionCookie,
  refreshTokenOf,
  setSessionCookie,
  signInContextOf,
} from '../../modules/identity/auth/index.ts';
import { mailLanguage } from '../../modules/platform/mail/index.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * Sign-up, sign-in, token refresh and sign-out. Sign-up and sign-in are rate-limited per IP; a refresh
 * counts only when it fails (docs/security.md, "Rate and size limits"): a page reloaded again and
 * again with a valid cookie is a person, not an attack. The routes of the session cookie answer only
 * our own pages (`sameOrigin`, docs/security.md "Cross-site requests").
 */
export const authPublicRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const config = { rateLimit };
  const cookieConfig = { rateLimit, sameOrigin: true };
  const failedRefreshes = app.createRateLimit({
    ...rateLimit,
    keyGenerator: (request) => `refresh-failed:${request.ip}`,
  });

  route(
    app,
    register,
    async (request) => {
      const user = await auth.signUp(request.body, {
        // The texts this server shows now are the ones the person ticked (docs/security.md).
        accepted: app.content.legalVersions(),
        // The link's origin is the site's own address from configuration, never the request's Host.
        verification: { mail: app.mail, origin: app.config.PUBLIC_URL },
        language: mailLanguage(request.body.lang, request.headers['accept-language']),
      });
      return { message: messageText('auth.accountCreated'), user };
    },
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
      // An IP whose refreshes failed `AUTH_RATE_LIMIT_PER_MINUTE` times this minute waits for the next.
      const failures = await failedRefreshes(request, { increment: false });
      if (!failures.isAllowed && failures.remaining === 0) {
        reply.header('retry-after', String(Math.max(1, failures.ttlInSeconds)));
        throw new AppError('RATE_LIMITED', 'errors.rateLimited');
      }
      try {
        const session = await auth.refresh(refreshTokenOf(request));
        setSessionCookie(app.config, request, reply, session);
        return session.auth;
      } catch (err) {
        await failedRefreshes(request);
        clearSessionCookie(reply);
        throw err;
      }
    },
    { config: { sameOrigin: true } },
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
