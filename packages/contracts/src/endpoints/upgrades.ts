import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import {
  ZMyUpgradeAnswer,
  ZUpgradeAnswer,
  ZUpgradeApproveInput,
  ZUpgradeRejectInput,
  ZUpgradeRequestInput,
  ZUpgradeRequestList,
} from '../investments.ts';

/** Plan upgrades: a client asks, an admin approves with a chosen plan or rejects with a reason. */
const tag = 'plan upgrades';
const JSON_ONLY = ['json'] as const;

export const requestUpgrade = defineEndpoint({
  method: 'POST',
  path: '/investment/upgrade',
  tag,
  summary: 'Ask to move to another plan (one pending request at a time; the plan changes when an admin approves)',
  body: ZUpgradeRequestInput,
  encodings: JSON_ONLY,
  response: ZUpgradeAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409],
});

export const getMyUpgradeRequest = defineEndpoint({
  method: 'GET',
  path: '/investment/upgrade/user/:userId',
  tag,
  summary: 'A client’s latest upgrade request (pending or decided), or null',
  params: ZUserIdParams,
  response: ZMyUpgradeAnswer,
  errors: [...COMMON_ERRORS, 404],
});

export const getUpgradeRequests = defineEndpoint({
  method: 'GET',
  path: '/user/upgrade-requests',
  tag,
  summary: 'Pending upgrade requests, oldest first',
  response: ZUpgradeRequestList,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const approveUpgrade = defineEndpoint({
  method: 'POST',
  path: '/investment/upgrade/approve',
  tag,
  summary: 'Approve a client’s pending request, moving them to the chosen plan',
  body: ZUpgradeApproveInput,
  encodings: JSON_ONLY,
  response: ZUpgradeAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'money.manage',
});

export const rejectUpgrade = defineEndpoint({
  method: 'POST',
  path: '/investment/upgrade/reject',
  tag,
  summary: 'Reject a client’s pending request with a reason the client reads',
  body: ZUpgradeRejectInput,
  encodings: JSON_ONLY,
  response: ZUpgradeAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'money.manage',
});
