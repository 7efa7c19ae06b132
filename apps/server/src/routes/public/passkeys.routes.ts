import { passkeySignIn, passkeySignInOptions } from '@meridian/contracts/endpoints/passkeys';
import type { FastifyPluginAsync } from 'fastify';
import { setSessionCookie, signInContextOf } from '../../modules/identity/auth/index.ts';
import * as passkeys from '../../modules/identity/passkeys/index.ts';
import { relyingPartyOf } from '../../modules/identity/passkeys/index.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * Sign-in with a passkey (docs/security.md, "Passkeys"): rate-limited per IP and answering only our
 * own pages, like POST /api/login, whose answer and refresh cookie it gives.
 */
export const passkeysPublicRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const config = { rateLimit, sameOrigin: true };
  // From configuration only, never from the request (modules/identity/passkeys/relying-party.ts).
  const rp = relyingPartyOf(app.config, app.content.file.brand.name);

  route(app, passkeySignInOptions, () => passkeys.signInOptions(app.db, rp), { config });

  route(
    app,
    passkeySignIn,
    async (request, reply) => {
      const session = await passkeys.signInWithPasskey(
        { db: app.db, auth },
        request.body,
        rp,
        signInContextOf(request),
      );
      setSessionCookie(app.config, request, reply, session);
      return session.auth;
    },
    { config },
  );
};
