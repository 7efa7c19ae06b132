import { deleteSupportMessage, getSupportMessage, getSupportMessages } from '@meridian/contracts/endpoints/support';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as support from '../../modules/back-office/support/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The message requests of the support form: the list, one message, deleting one (audited). */
export const supportAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, getSupportMessages, (request) => support.pageSupportMessages(app.db, request.query));
  route(app, getSupportMessage, (request) => support.getSupportMessage(app.db, request.params.id));
  route(app, deleteSupportMessage, async (request) => {
    await support.deleteSupportMessage(app.db, callerOf(request).id, request.params.id);
    return { message: messageText('transactions.deleted') };
  });
};
