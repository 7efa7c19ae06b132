import { sendInAppMessage } from '@meridian/contracts/endpoints/notifications';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as messages from '../../modules/back-office/messages/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** An admin writes an in-app message to a client (the sender is the caller, never the body). */
export const messagesAdminRoutes: FastifyPluginAsync = async (app) => {
  route(app, sendInAppMessage, async (request) => {
    await messages.sendInAppMessage(app.db, callerOf(request).id, request.body);
    return { message: messageText('messages.messageSent') };
  });
};
