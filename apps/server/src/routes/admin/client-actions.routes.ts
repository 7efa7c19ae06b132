import { ALERT_KINDS, ALERT_MESSAGES } from '@meridian/contracts/client-actions';
import {
  ALERT_ENDPOINTS,
  activateClient,
  deactivateClient,
  setWithdrawalPermission,
  unverifyClient,
  verifyClient,
} from '@meridian/contracts/endpoints/client-actions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as actions from '../../modules/back-office/clients/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * The admin's account controls on the client detail page: activate/deactivate, verify/unverify,
 * withdrawal permission and the three dashboard alerts. Each admin change is in the audit log.
 */
export const clientActionsAdminRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  route(app, activateClient, async (request) => {
    await actions.setActive(app.db, auth, callerOf(request).id, request.params.id, true);
    return { message: messageText('clients.activated') };
  });
  route(app, deactivateClient, async (request) => {
    await actions.setActive(app.db, auth, callerOf(request).id, request.params.id, false);
    return { message: messageText('clients.deactivated') };
  });
  route(app, verifyClient, async (request) => {
    await actions.setVerified(app.db, callerOf(request).id, request.params.id, true);
    return { message: messageText('clients.verified') };
  });
  route(app, unverifyClient, async (request) => {
    await actions.setVerified(app.db, callerOf(request).id, request.params.id, false);
    return { message: messageText('clients.unverified') };
  });

  for (const kind of ALERT_KINDS) {
    route(app, ALERT_ENDPOINTS[kind].on, async (request) => {
      await actions.setAlert(app.db, callerOf(request).id, request.params.id, kind, true, request.body.message);
      return { message: messageText(ALERT_MESSAGES[kind].on) };
    });
    route(app, ALERT_ENDPOINTS[kind].off, async (request) => {
      await actions.setAlert(app.db, callerOf(request).id, request.params.id, kind, false);
      return { message: messageText(ALERT_MESSAGES[kind].off) };
    });
  }

  route(app, setWithdrawalPermission, async (request) => {
    const { enabled } = request.body;
    await actions.setWithdrawals(app.db, callerOf(request).id, request.params.id, enabled);
    return { message: messageText(enabled ? 'clients.withdrawalsEnabled' : 'clients.withdrawalsDisabled') };
  });
};
