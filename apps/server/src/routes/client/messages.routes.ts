import {
  deleteInAppMessage,
  getInAppMessages,
  markAllInAppMessagesRead,
} from '@meridian/contracts/endpoints/notifications';
import { messageText } from '@meridian/contracts/messages';
import type { FastifyPluginAsync } from 'fastify';
import * as messages from '../../modules/back-office/messages/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** A client's in-app messages: the list with its unread count, mark all read, delete one. */
export const messagesClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getInAppMessages, (request) => messages.listInAppMessages(app.db, request.params.userId));
  route(app, markAllInAppMessagesRead, async (request) => {
    await messages.markAllInAppMessagesRead(app.db, request.params.userId);
    return { message: messageText('messages.allMarkedRead') };
  });
  route(app, deleteInAppMessage, async (request) => {
    await messages.deleteInAppMessage(app.db, callerOf(request), request.params.id);
    return { message: messageText('messages.deleted') };
  });
};
