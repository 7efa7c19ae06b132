import { ZUserIdParams } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZIdParams } from '../methods.ts';
import { ZPageQuery } from '../pagination.ts';
import {
  ZPayoutReferenceInput,
  ZVerifyCodeInput,
  ZWithdrawalAnswer,
  ZWithdrawalInput,
  ZWithdrawalPage,
  ZWithdrawalStatusInput,
} from '../transactions.ts';
import { ZWithdrawalLimits } from '../withdrawal-limits.ts';

/**
 * Make Withdrawal (client: the emailed code, the request that moves the amount into a hold, their
 * list) and Withdrawal Management (admin: every withdrawal, its status, deleting a pending one).
 */
const tag = 'withdrawals';

export const generateWithdrawalCode = defineEndpoint({
  method: 'POST',
  path: '/withdrawal-auth/generate-code/:userId',
  tag,
  summary: 'Email a 6-digit withdrawal code (10 minutes; one request a minute; replaces earlier codes)',
  params: ZUserIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 429],
});

export const verifyWithdrawalCode = defineEndpoint({
  method: 'POST',
  path: '/withdrawal-auth/verify-code/:userId',
  tag,
  summary: 'Verify the emailed code: it then allows one withdrawal within 10 minutes',
  params: ZUserIdParams,
  body: ZVerifyCodeInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
});

export const createWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/withdrawal',
  tag,
  summary: 'Ask for a withdrawal: the amount moves into a hold (profit first) until an admin decides',
  body: ZWithdrawalInput,
  encodings: ['multipart', 'json', 'urlencoded'],
  response: ZWithdrawalAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
});

export const getUserWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/withdrawal/user/:userId',
  tag,
  summary: 'A client’s withdrawals, newest first (an admin’s answer names the client)',
  params: ZUserIdParams,
  query: ZPageQuery,
  response: ZWithdrawalPage,
  errors: [...COMMON_ERRORS, 404],
});

export const getWithdrawalLimits = defineEndpoint({
  method: 'GET',
  path: '/withdrawal/limits/:userId',
  tag,
  summary:
    'A client’s withdrawal limits (per request, rolling 24 hours and 30 days, by verification state) and what is left of each now',
  params: ZUserIdParams,
  response: ZWithdrawalLimits,
  errors: [...COMMON_ERRORS, 404],
});

export const getWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/withdrawal',
  tag,
  summary: 'Every withdrawal, newest first, with its client',
  query: ZPageQuery,
  response: ZWithdrawalPage,
  errors: COMMON_ERRORS,
  permission: 'money.read',
});

export const setWithdrawalStatus = defineEndpoint({
  method: 'PUT',
  path: '/withdrawal/status/:id',
  tag,
  summary:
    'Complete (money leaves; the payout’s hash or reference may be recorded) or decline (the hold returns) a pending withdrawal; both are final',
  params: ZIdParams,
  body: ZWithdrawalStatusInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZWithdrawalAnswer,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
  permission: 'money.manage',
});

export const setWithdrawalReference = defineEndpoint({
  method: 'PUT',
  path: '/withdrawal/reference/:id',
  tag,
  summary: 'Record or correct the payout hash or reference of a completed withdrawal',
  params: ZIdParams,
  body: ZPayoutReferenceInput,
  encodings: ['json', 'urlencoded', 'multipart'],
  response: ZWithdrawalAnswer,
  errors: [...COMMON_ERRORS, 404, 409],
  permission: 'money.manage',
});

export const deleteWithdrawal = defineEndpoint({
  method: 'DELETE',
  path: '/withdrawal/:id',
  tag,
  summary: 'Delete a pending withdrawal (its hold returns first); completed or declined ones are kept',
  params: ZIdParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404, 409, 422],
  idempotent: true,
  permission: 'money.manage',
});
