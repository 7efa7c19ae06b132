import { ZAuditPage, ZAuditQuery } from '../balances.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMailIdParams, ZOutboxPage, ZOutboxQuery, ZResendAnswer } from '../mail.ts';

/** What admins did (the audit log) and what the platform mailed (the outbox), for admins only. */
const tag = 'audit';

export const getAuditLog = defineEndpoint({
  method: 'GET',
  path: '/admin/audit',
  tag,
  summary: 'The audit log, newest first, optionally of one action and/or one client',
  query: ZAuditQuery,
  response: ZAuditPage,
  errors: COMMON_ERRORS,
  permission: 'audit.read',
});

export const getOutbox = defineEndpoint({
  method: 'GET',
  path: '/admin/outbox',
  tag,
  summary: 'Mail the platform wrote, newest first, optionally only queued, sent or failed mail',
  query: ZOutboxQuery,
  response: ZOutboxPage,
  errors: COMMON_ERRORS,
  permission: 'messages.manage',
});

export const resendMail = defineEndpoint({
  method: 'POST',
  path: '/admin/outbox/:id/resend',
  tag,
  summary: 'Send a failed mail again: queued at once with its attempts counted afresh (audited)',
  params: ZMailIdParams,
  response: ZResendAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'messages.manage',
});
