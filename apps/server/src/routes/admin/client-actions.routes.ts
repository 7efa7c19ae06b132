import { ZUserIdParams } from '@meridian/contracts/auth';
import {
  ALERT_KINDS,
  ALERT_MESSAGES,
  ALERT_PATHS,
  ZAlertOnInput,
  ZClientUpdateInput,
  ZClientUpdateResponse,
  ZWithdrawalPermissionInput,
} from '@meridian/contracts/client-actions';
import { ZApiError, ZMessage } from '@meridian/contracts/errors';
import { messageText } from '@meridian/contracts/messages';
import { ZIdParams } from '@meridian/contracts/methods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  setActive,
  setAlert,
  setVerified,
  setWithdrawals,
  updateClientProfile,
} from '../../modules/clients/client-actions.service.ts';
import { assertSelfOrAdmin, callerOf } from '../../plugins/auth.ts';

const FORMS = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['client account'];
const security = [{ bearerAuth: [] }];

/**
 * The admin's account controls on the client detail page (spec 02 §2 "Client detail", §4, §7):
 * activate/deactivate, verify/unverify, withdrawal permission and the three dashboard alerts; and
 * the client update that the client's own profile page uses too. Each target must be an open
 * Client account (404 otherwise); each admin change is in the audit log.
 */
export const clientActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const toggle = (
    path: string,
    summary: string,
    run: (actorId: string, userId: string) => Promise<void>,
    answer: Parameters<typeof messageText>[0],
  ) =>
    app.post(
      path,
      {
        onRequest: app.requireRole('Admin'),
        schema: { tags, summary, security, params: ZIdParams, response: { 200: ZMessage, ...errors } },
      },
      async (request) => {
        await run(callerOf(request).id, request.params.id);
        return { message: messageText(answer) };
      },
    );

  toggle(
    '/user/activate/:id',
    'Activate: the client may sign in again',
    (a, u) => setActive(app.db, a, u, true),
    'accounts.activated',
  );
  toggle(
    '/user/deactivate/:id',
    'Deactivate: the client is signed out everywhere and cannot sign in',
    (a, u) => setActive(app.db, a, u, false),
    'accounts.deactivated',
  );
  toggle('/client/verify/:id', 'Verify the client', (a, u) => setVerified(app.db, a, u, true), 'accounts.verified');
  toggle(
    '/client/unverify/:id',
    'Cancel the client’s verification',
    (a, u) => setVerified(app.db, a, u, false),
    'accounts.unverified',
  );

  for (const kind of ALERT_KINDS) {
    app.post(
      `/client/${ALERT_PATHS[kind].on}/:id`,
      {
        onRequest: app.requireRole('Admin'),
        schema: {
          tags,
          summary: `Turn the client’s ${kind} banner on, with its text (may be empty)`,
          security,
          consumes: FORMS,
          params: ZIdParams,
          body: ZAlertOnInput,
          response: { 200: ZMessage, ...errors },
        },
      },
      async (request) => {
        await setAlert(app.db, callerOf(request).id, request.params.id, kind, true, request.body.message);
        return { message: messageText(ALERT_MESSAGES[kind].on) };
      },
    );
    toggle(
      `/client/${ALERT_PATHS[kind].off}/:id`,
      `Turn the client’s ${kind} banner off`,
      (a, u) => setAlert(app.db, a, u, kind, false),
      ALERT_MESSAGES[kind].off,
    );
  }

  app.post(
    '/client/withdrawals/:id',
    {
      onRequest: app.requireRole('Admin'),
      schema: {
        tags,
        summary: 'Enable or disable the client’s withdrawals',
        security,
        consumes: ['application/json'],
        params: ZIdParams,
        body: ZWithdrawalPermissionInput,
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => {
      const { enabled } = request.body;
      await setWithdrawals(app.db, callerOf(request).id, request.params.id, enabled);
      return { message: messageText(enabled ? 'accounts.withdrawalsEnabled' : 'accounts.withdrawalsDisabled') };
    },
  );

  app.put(
    '/client/:userId',
    {
      onRequest: app.requireRole('Client', 'Admin'),
      schema: {
        tags,
        summary: 'Update a client’s details (the client themself or an admin)',
        security,
        consumes: FORMS,
        params: ZUserIdParams,
        body: ZClientUpdateInput,
        response: { 200: ZClientUpdateResponse, ...errors },
      },
    },
    async (request) => {
      const caller = assertSelfOrAdmin(request, request.params.userId);
      const user = await updateClientProfile(app.db, caller, request.params.userId, request.body);
      return { message: messageText('accounts.updated'), user };
    },
  );
};
