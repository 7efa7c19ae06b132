import { secondFactorSignIn } from '@meridian/contracts/endpoints/two-factor';
import type { FastifyPluginAsync } from 'fastify';
import { setSessionCookie, signInContextOf } from '../../modules/identity/auth/index.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * The second step of a sign-in (docs/security.md, "Two-factor sign-in"): rate-limited per IP and
 * answering our own pages only, like the password step.
 */
export const twoFactorPublicRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  route(
    app,
    secondFactorSignIn,
    async (request, reply) => {
      const session = await auth.completeSecondFactor(request.body, signInContextOf(request));
      setSessionCookie(app.config, request, reply, session);
      return session.auth;
    },
    { config: { rateLimit, sameOrigin: true } },
  );
};
