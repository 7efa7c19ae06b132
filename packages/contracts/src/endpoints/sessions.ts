import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';
import { ZEndClientSessionsInput, ZSessionList, ZSessionParams, ZSessionsEnded } from '../sessions.ts';

/**
 * Signed-in sessions (docs/security.md, "Sessions"): one's own list on the Security page (clients,
 * admins and agents), ending one or all others; and an admin's view of a client's sessions, ending
 * them all with a reason (audited). An ended session's tokens are refused at once on the server that
 * ended it and within `AUTH_CACHE_MS` on the others.
 */
const tag = 'sessions';

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/sessions',
  tag,
  summary: 'The caller’s live sessions, most recently used first; `current` marks the caller’s own',
  response: ZSessionList,
  errors: COMMON_ERRORS,
});

export const endSession = defineEndpoint({
  method: 'DELETE',
  path: '/sessions/:id',
  tag,
  summary: 'End one of the caller’s sessions (the current one too: that signs this browser out)',
  params: ZSessionParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
});

export const endOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/sessions/end-others',
  tag,
  summary: 'End every session of the caller but the current one',
  response: ZSessionsEnded,
  errors: COMMON_ERRORS,
});

export const listClientSessions = defineEndpoint({
  method: 'GET',
  path: '/admin/client/:id/sessions',
  tag,
  summary: 'A client’s live sessions, most recently used first',
  params: ZIdParams,
  response: ZSessionList,
  errors: [...COMMON_ERRORS, 404],
  permission: 'clients.read',
});

export const endClientSessions = defineEndpoint({
  method: 'POST',
  path: '/admin/client/:id/sessions/end',
  tag,
  summary: 'End every session of a client, with a reason (audited): the client must sign in again',
  params: ZIdParams,
  body: ZEndClientSessionsInput,
  encodings: ['json'],
  response: ZSessionsEnded,
  errors: [...COMMON_ERRORS, 404],
  permission: 'clients.manage',
});
