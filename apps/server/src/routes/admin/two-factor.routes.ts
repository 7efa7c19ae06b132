import { adminTwoFactorReset, adminTwoFactorStatus } from '@meridian/contracts/endpoints/two-factor';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as twoFactor from '../../modules/identity/two-factor/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/** A client's second factor seen from the back office: whether it is on, and removing it with a reason. */
export const twoFactorAdminRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const deps = { db: app.db, auth, mail: app.mail };

  route(app, adminTwoFactorStatus, (request) => twoFactor.clientTwoFactorStatus(app.db, request.params.userId));

  route(app, adminTwoFactorReset, async (request) => {
    await twoFactor.resetClientTwoFactor(deps, callerOf(request).id, request.params.userId, request.body.reason);
    return { message: messageText('two-factor.resetDone') };
  });
};
