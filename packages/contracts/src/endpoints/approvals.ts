import { ZApprovalAnswer, ZApprovalPage, ZApprovalQuery, ZRejectApprovalInput } from '../approvals.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZIdParams } from '../methods.ts';

/**
 * Approvals: the queue of large money actions waiting for a second staff member, and deciding one
 * (docs/money.md, "Four-eyes approval").
 */
const tag = 'approvals';

export const getApprovals = defineEndpoint({
  method: 'GET',
  path: '/approvals',
  tag,
  summary: 'Money actions waiting for (or decided by) a second staff member, oldest waiting first',
  query: ZApprovalQuery,
  response: ZApprovalPage,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const approveApproval = defineEndpoint({
  method: 'POST',
  path: '/approvals/approve/:id',
  tag,
  summary: 'Approve a waiting money action: it runs now, in the same transaction (never by the one who asked)',
  params: ZIdParams,
  response: ZApprovalAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
  permission: 'money.approve',
});

export const rejectApproval = defineEndpoint({
  method: 'POST',
  path: '/approvals/reject/:id',
  tag,
  summary: 'Reject a waiting money action with a note: nothing moves',
  params: ZIdParams,
  body: ZRejectApprovalInput,
  encodings: ['json'],
  response: ZApprovalAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'money.approve',
});
