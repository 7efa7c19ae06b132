import { updateClient } from '@meridian/contracts/endpoints/client-actions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { updateClientProfile } from '../../modules/back-office/clients/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/** The client update: the client's own profile page and the admin's Update Info dialog. */
export const clientActionsClientRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  // A client's own new email address gets its verification link, from the site's configured address.
  const deps = { db: app.db, auth, verification: { mail: app.mail, origin: app.config.PUBLIC_URL } };
  route(app, updateClient, async (request) => ({
    message: messageText('clients.updated'),
    user: await updateClientProfile(deps, callerOf(request), request.params.userId, request.body),
  }));
};
