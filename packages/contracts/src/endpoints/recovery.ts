import { ZUserIdParams } from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import {
  ZResetPasswordInput,
  ZTempLoginInput,
  ZUnlockRequestList,
  ZUnlockRequestParams,
  ZUnlockRequestUpload,
} from '../recovery.ts';
import { ZSignInAnswer } from '../two-factor.ts';

/**
 * Regaining access without a password (docs/security.md, "Recovery codes and links"): the public
 * requests, the temporary code and the reset link, rate-limited per IP like sign-in; and the
 * admin's review of the requests.
 */
const tag = 'recovery';
const publicErrors = [400, 403, 413, 429] as const;
const adminErrors = [400, 401, 403, 404, 409] as const;

export const requestUnlock = defineEndpoint({
  method: 'POST',
  path: '/unlock/request',
  tag,
  summary: 'Ask an admin to unlock a locked account (email + photo; same answer for any email)',
  body: ZUnlockRequestUpload,
  encodings: ['multipart'],
  response: ZMessage,
  status: 201,
  errors: publicErrors,
});

export const requestPasswordRecovery = defineEndpoint({
  method: 'POST',
  path: '/unlock/forgot-password',
  tag,
  summary: 'Ask an admin for a temporary login code after a forgotten password (email + photo)',
  body: ZUnlockRequestUpload,
  encodings: ['multipart'],
  response: ZMessage,
  status: 201,
  errors: publicErrors,
});

export const tempLogin = defineEndpoint({
  method: 'POST',
  path: '/unlock/temp-login',
  tag,
  summary: 'Sign in with an emailed temporary code; lifts the sign-in lock (a second factor is still asked for)',
  body: ZTempLoginInput,
  // JSON only: an HTML form on another site cannot send it (login CSRF, docs/security.md).
  encodings: ['json'],
  response: ZSignInAnswer,
  errors: publicErrors,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/user/resetpswd',
  tag,
  summary: 'Set a new password with the token of an emailed reset link (single use, 1 hour)',
  body: ZResetPasswordInput,
  encodings: ['json'],
  response: ZMessage,
  errors: publicErrors,
});

export const getUnlockRequests = defineEndpoint({
  method: 'GET',
  path: '/unlock/requests',
  tag,
  summary: 'Pending unlock and password recovery requests, oldest first',
  response: ZUnlockRequestList,
  errors: adminErrors,
  permission: 'recovery.review',
});

export const getUnlockRequestImage = defineEndpoint({
  method: 'GET',
  path: '/unlock/:id/image',
  tag,
  summary: "The request's photo (JPEG, PNG or WebP bytes; admins only)",
  params: ZUnlockRequestParams,
  produces: 'image',
  errors: adminErrors,
  permission: 'recovery.review',
});

export const approveUnlockRequest = defineEndpoint({
  method: 'PUT',
  path: '/unlock/approve/:id',
  tag,
  summary: 'Approve a pending request: a temporary login code is emailed to the person',
  params: ZUnlockRequestParams,
  response: ZMessage,
  errors: adminErrors,
  permission: 'recovery.review',
});

export const rejectUnlockRequest = defineEndpoint({
  method: 'PUT',
  path: '/unlock/reject/:id',
  tag,
  summary: 'Reject a pending request (the person is told by email)',
  params: ZUnlockRequestParams,
  response: ZMessage,
  errors: adminErrors,
  permission: 'recovery.review',
});

export const sendPasswordResetLink = defineEndpoint({
  method: 'POST',
  path: '/client/:userId/password-reset',
  tag,
  summary: 'Email a client a single-use link (1 hour) to choose a new password',
  params: ZUserIdParams,
  response: ZMessage,
  errors: adminErrors,
  permission: 'recovery.review',
});
