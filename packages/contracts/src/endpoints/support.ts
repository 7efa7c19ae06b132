import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import {
  ZSupportMessage,
  ZSupportMessageInput,
  ZSupportMessageList,
  ZSupportMessageParams,
  ZSupportMessageQuery,
} from '../support.ts';

/** The public support form, and the message requests admins read and delete. */
const tag = 'support';

export const sendSupportMessage = defineEndpoint({
  method: 'POST',
  path: '/messagereq',
  tag,
  summary: 'Send a message to support (public; rate limited per IP)',
  body: ZSupportMessageInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZMessage,
  status: 201,
  errors: [400, 429],
});

export const getSupportMessages = defineEndpoint({
  method: 'GET',
  path: '/messagereq',
  tag,
  summary: 'Support messages, newest first (paged with ?page&limit)',
  query: ZSupportMessageQuery,
  response: ZSupportMessageList,
  errors: [...COMMON_ERRORS, 404],
  permission: 'messages.manage',
});

export const getSupportMessage = defineEndpoint({
  method: 'GET',
  path: '/messagereq/:id',
  tag,
  summary: 'One support message',
  params: ZSupportMessageParams,
  response: ZSupportMessage,
  errors: [...COMMON_ERRORS, 404],
  permission: 'messages.manage',
});

export const deleteSupportMessage = defineEndpoint({
  method: 'DELETE',
  path: '/messagereq/:id',
  tag,
  summary: 'Delete a support message',
  params: ZSupportMessageParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
  permission: 'messages.manage',
});
