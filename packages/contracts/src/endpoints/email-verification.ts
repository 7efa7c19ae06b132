import { ZUserIdParams } from '../auth.ts';
import { ZResendVerificationInput, ZVerifyEmailInput } from '../email-verification.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';

/**
 * Verifying a client's email address (docs/security.md, "Email verification"): following the mailed
 * link, and asking for a new one.
 */
const tag = 'email-verification';

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/email-verification',
  tag,
  summary: 'Verify an email address with the token of the mailed link (single use, 24 hours); signed in or not',
  body: ZVerifyEmailInput,
  response: ZMessage,
  errors: [400, 429],
});

export const resendVerificationEmail = defineEndpoint({
  method: 'POST',
  path: '/email-verification/resend/:userId',
  tag,
  summary: 'Mail the signed-in client a new verification link (at most one a minute); earlier links stop working',
  params: ZUserIdParams,
  body: ZResendVerificationInput,
  response: ZMessage,
  errors: [400, 401, 403, 404, 409, 429],
});
