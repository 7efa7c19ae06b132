import { ZAuthResponse, ZUserIdParams } from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import {
  ZAdminTwoFactorStatus,
  ZRecoveryCodes,
  ZSecondFactorSignInInput,
  ZTwoFactorCodeInput,
  ZTwoFactorConfirmInput,
  ZTwoFactorResetInput,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '../two-factor.ts';

/** Two-factor sign-in (docs/security.md, "Two-factor sign-in"). */
const tag = 'two-factor';

export const secondFactorSignIn = defineEndpoint({
  method: 'POST',
  path: '/login/second-factor',
  tag,
  summary: "Finish a sign-in with a one-time code or a recovery code (the answer to the password step's challenge)",
  body: ZSecondFactorSignInInput,
  // JSON only, like the password step (login CSRF, docs/security.md).
  encodings: ['json'],
  response: ZAuthResponse,
  errors: [400, 401, 403, 423],
});

export const twoFactorStatus = defineEndpoint({
  method: 'GET',
  path: '/user/two-factor',
  tag,
  summary: "The caller's second factor: on or off, recovery codes left, whether this session passed it",
  response: ZTwoFactorStatus,
  errors: [401, 403],
});

export const twoFactorSetup = defineEndpoint({
  method: 'POST',
  path: '/user/two-factor/setup',
  tag,
  summary: 'Start enrolment: a new secret for an authenticator app (replaces one not yet confirmed)',
  response: ZTwoFactorSetup,
  errors: [401, 403, 409],
});

export const twoFactorConfirm = defineEndpoint({
  method: 'POST',
  path: '/user/two-factor/confirm',
  tag,
  summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes, once',
  body: ZTwoFactorConfirmInput,
  encodings: ['json'],
  response: ZRecoveryCodes,
  errors: [400, 401, 403, 409],
});

export const twoFactorDisable = defineEndpoint({
  method: 'POST',
  path: '/user/two-factor/disable',
  tag,
  summary: 'Turn two-factor sign-in off with a current code or a recovery code (never for an admin)',
  body: ZTwoFactorCodeInput,
  encodings: ['json'],
  response: ZMessage,
  errors: [400, 401, 403, 409, 423],
});

export const twoFactorRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/user/two-factor/recovery-codes',
  tag,
  summary: 'Replace the recovery codes (with a current code); answers the new ones, once',
  body: ZTwoFactorCodeInput,
  encodings: ['json'],
  response: ZRecoveryCodes,
  errors: [400, 401, 403, 409, 423],
});

export const adminTwoFactorStatus = defineEndpoint({
  method: 'GET',
  path: '/client/:userId/two-factor',
  tag,
  summary: "Whether a client's two-factor sign-in is on",
  params: ZUserIdParams,
  response: ZAdminTwoFactorStatus,
  errors: [401, 403, 404],
  permission: 'clients.read',
});

export const adminTwoFactorReset = defineEndpoint({
  method: 'POST',
  path: '/client/:userId/two-factor/reset',
  tag,
  summary: "Remove a client's second factor and recovery codes (audited with the reason; the client is emailed)",
  params: ZUserIdParams,
  body: ZTwoFactorResetInput,
  encodings: ['json'],
  response: ZMessage,
  errors: [400, 401, 403, 404, 409],
  permission: 'clients.manage',
});
