import { ZAuthResponse } from '../auth.ts';
import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import {
  ZPasskeyAnswer,
  ZPasskeyList,
  ZPasskeyParams,
  ZPasskeyRegistrationInput,
  ZPasskeyRegistrationOptions,
  ZPasskeyRenameInput,
  ZPasskeySignInInput,
  ZPasskeySignInOptions,
} from '../passkeys.ts';

/**
 * Passkeys (docs/security.md, "Passkeys"): a signed-in client or admin registers, lists, renames and
 * removes their own; anyone signs in with one (public, rate-limited and same-origin like POST /login).
 */
const tag = 'passkeys';

export const listPasskeys = defineEndpoint({
  method: 'GET',
  path: '/passkeys',
  tag,
  summary: 'The caller’s passkeys, oldest first',
  response: ZPasskeyList,
  errors: COMMON_ERRORS,
});

export const passkeyRegistrationOptions = defineEndpoint({
  method: 'POST',
  path: '/passkeys/registration/options',
  tag,
  summary: 'Options for registering a new passkey of the caller (a challenge good for 5 minutes, once)',
  response: ZPasskeyRegistrationOptions,
  errors: COMMON_ERRORS,
});

export const registerPasskey = defineEndpoint({
  method: 'POST',
  path: '/passkeys/registration',
  tag,
  summary: 'Verify the browser’s new credential against its challenge and save it as a passkey of the caller',
  body: ZPasskeyRegistrationInput,
  encodings: ['json'],
  response: ZPasskeyAnswer,
  status: 201,
  errors: [...COMMON_ERRORS, 409],
});

export const renamePasskey = defineEndpoint({
  method: 'PATCH',
  path: '/passkeys/:id',
  tag,
  summary: 'Rename one of the caller’s passkeys',
  params: ZPasskeyParams,
  body: ZPasskeyRenameInput,
  encodings: ['json'],
  response: ZPasskeyAnswer,
  errors: [...COMMON_ERRORS, 404],
});

export const removePasskey = defineEndpoint({
  method: 'DELETE',
  path: '/passkeys/:id',
  tag,
  summary: 'Remove one of the caller’s passkeys: it signs nobody in from now on',
  params: ZPasskeyParams,
  response: ZMessage,
  errors: [...COMMON_ERRORS, 404],
});

export const passkeySignInOptions = defineEndpoint({
  method: 'POST',
  path: '/login/passkey/options',
  tag,
  summary: 'A challenge for signing in with any passkey of this site (good for 5 minutes, once)',
  response: ZPasskeySignInOptions,
  errors: [403, 429],
});

export const passkeySignIn = defineEndpoint({
  method: 'POST',
  path: '/login/passkey',
  tag,
  summary: 'Sign in with a passkey: the signed answer to a sign-in challenge; answered like POST /login',
  body: ZPasskeySignInInput,
  // JSON only, like POST /login (login CSRF, docs/security.md).
  encodings: ['json'],
  response: ZAuthResponse,
  errors: [400, 401, 403, 423, 429],
});
