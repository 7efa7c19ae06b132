import { verifyEmail } from '@meridian/contracts/endpoints/email-verification';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as verification from '../../modules/identity/email-verification/index.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * Following a mailed verification link (docs/security.md, "Email verification"): public, since the
 * link may be opened where the client is not signed in; the 256-bit token is the proof. Rate-limited
 * per IP like sign-in.
 */
export const emailVerificationPublicRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  route(
    app,
    verifyEmail,
    async (request) => {
      const userId = await verification.verifyEmail(app.db, request.body.token);
      // This server lets the client move money at once; the others within AUTH_CACHE_MS.
      auth.forgetUser(userId);
      return { message: messageText('email-verification.verified') };
    },
    { config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } } },
  );
};
