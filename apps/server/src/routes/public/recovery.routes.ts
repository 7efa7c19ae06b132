import {
  requestPasswordRecovery,
  requestUnlock,
  resetPassword,
  tempLogin,
} from '@meridian/contracts/endpoints/recovery';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { toBuffer } from '../../lib/uploads.ts';
import { setSessionCookie, signInContextOf } from '../../modules/identity/auth/index.ts';
import * as recovery from '../../modules/identity/recovery/index.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * Regaining access without a password (docs/security.md, "Recovery codes and links"): public,
 * rate-limited per IP like sign-in. Requests answer the same whether or not the email has an account.
 */
export const recoveryPublicRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const config = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const deps = { db: app.db, mail: app.mail, files: app.files, log: app.log };

  route(
    app,
    requestUnlock,
    async (request) => {
      const { email, verificationImage } = request.body;
      await recovery.submitRequest(deps, { email, image: toBuffer(verificationImage), kind: 'unlock' });
      return { message: messageText('recovery.unlockSubmitted') };
    },
    { config },
  );

  route(
    app,
    requestPasswordRecovery,
    async (request) => {
      const { email, verificationImage } = request.body;
      await recovery.submitRequest(deps, { email, image: toBuffer(verificationImage), kind: 'password' });
      return { message: messageText('recovery.passwordRequestSubmitted') };
    },
    { config },
  );

  route(
    app,
    tempLogin,
    async (request, reply) => {
      const session = await recovery.signInWithTempCode(deps, auth, request.body, signInContextOf(request));
      // The code replaces the password only: a second factor, when on, is still asked for.
      if ('challenge' in session) return session;
      setSessionCookie(app.config, request, reply, session);
      return session.auth;
    },
    { config: { ...config, sameOrigin: true } },
  );

  route(
    app,
    resetPassword,
    async (request) => {
      await recovery.resetPassword(deps, auth, request.body);
      return { message: messageText('recovery.resetSuccess') };
    },
    { config: { ...config, sameOrigin: true } },
  );
};
