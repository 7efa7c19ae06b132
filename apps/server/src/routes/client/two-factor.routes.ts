import {
  twoFactorConfirm,
  twoFactorDisable,
  twoFactorRecoveryCodes,
  twoFactorSetup,
  twoFactorStatus,
} from '@meridian/contracts/endpoints/two-factor';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as twoFactor from '../../modules/identity/two-factor/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * One's own second factor (clients and admins). The status and enrolment are open to an admin whose
 * session has not passed a second factor yet: that is how they get one (docs/security.md,
 * "Two-factor sign-in"). The routes that check a code are rate-limited like sign-in.
 */
export const twoFactorClientRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const deps = { db: app.db, auth, mail: app.mail };

  route(app, twoFactorStatus, (request) => twoFactor.twoFactorStatus(app.db, callerOf(request)), {
    config: { beforeSecondFactor: true },
  });

  route(app, twoFactorSetup, (request) => twoFactor.startEnrolment(app.db, callerOf(request)), {
    config: { beforeSecondFactor: true, rateLimit },
  });

  route(app, twoFactorConfirm, (request) => twoFactor.confirmEnrolment(deps, callerOf(request), request.body.code), {
    config: { beforeSecondFactor: true, rateLimit },
  });

  route(
    app,
    twoFactorDisable,
    async (request) => {
      await twoFactor.disableTwoFactor(deps, callerOf(request), request.body.code);
      return { message: messageText('two-factor.disabled') };
    },
    { config: { rateLimit } },
  );

  route(
    app,
    twoFactorRecoveryCodes,
    (request) => twoFactor.regenerateRecoveryCodes(deps, callerOf(request), request.body.code),
    { config: { rateLimit } },
  );
};
