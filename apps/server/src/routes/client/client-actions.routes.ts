import { updateClient } from '@meridian/contracts/endpoints/client-actions';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import { updateClientProfile } from '../../modules/back-office/clients/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The client update: the client's own profile page and the admin's Update Info dialog. */
export const clientActionsClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, updateClient, async (request) => ({
    message: messageText('clients.updated'),
    user: await updateClientProfile(app.db, callerOf(request), request.params.userId, request.body),
  }));
};
