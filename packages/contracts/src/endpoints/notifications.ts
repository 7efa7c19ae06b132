import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZInAppMessageInput, ZInAppMessageList, ZInAppMessageParams } from '../notifications.ts';

/** In-app messages: staff write to a client; the client reads them (the bell, the notifications page). */
const tag = 'messages';

export const getInAppMessages = defineEndpoint({
  method: 'GET',
  path: '/inappmessage/receiver/:userId',
  tag,
  summary: "A client's in-app messages, newest first, with the unread count",
  params: ZUserIdParams,
  response: ZInAppMessageList,
  errors: COMMON_ERRORS,
});

export const sendInAppMessage = defineEndpoint({
  method: 'POST',
  path: '/inappmessage',
  tag,
  summary: 'Send an in-app message to a client (the sender is the calling admin)',
  body: ZInAppMessageInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZMessage,
  status: 201,
  errors: [...COMMON_ERRORS, 404],
  permission: 'messages.manage',
});

export const markAllInAppMessagesRead = defineEndpoint({
  method: 'PUT',
  path: '/inappmessage/markall/:userId',
  tag,
  summary: "Mark all of a client's in-app messages read",
  params: ZUserIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
  permission: 'messages.manage',
});

export const deleteInAppMessage = defineEndpoint({
  method: 'DELETE',
  path: '/inappmessage/:id',
  tag,
  summary: 'Delete an in-app message (its receiver, or an admin)',
  params: ZInAppMessageParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
  permission: 'messages.manage',
});
