import { ZAuditPage, ZAuditQuery, ZOutboxPage } from '../balances.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZPageQuery } from '../pagination.ts';

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
});

export const getOutbox = defineEndpoint({
  method: 'GET',
  path: '/admin/outbox',
  tag,
  summary: 'Mail the platform sent, newest first',
  query: ZPageQuery,
  response: ZOutboxPage,
  errors: COMMON_ERRORS,
});
