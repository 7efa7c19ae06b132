import {
  ZAuthResponse,
  ZChangePasswordInput,
  ZLoginInput,
  ZRegisterInput,
  ZRegisterResponse,
  ZUserIdParams,
} from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../errors.ts';
import { ZSignInAnswer } from '../two-factor.ts';

/** Sign-up, sign-in, token refresh, sign-out and password change. */
const tag = 'auth';
/** Each is rate-limited per IP (429; a refresh only once its failures reach the limit). */
const errors = [400, 401, 403, 404, 409, 423, 429] as const;

export const register = defineEndpoint({
  method: 'POST',
  path: '/client',
  tag,
  summary: 'Register a client account',
  body: ZRegisterInput,
  encodings: ['multipart', 'json', 'urlencoded'],
  response: ZRegisterResponse,
  status: 201,
  errors,
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/login',
  tag,
  summary: 'Sign in; with two-factor sign-in on, answers a challenge for the second step instead of a session',
  body: ZLoginInput,
  // JSON only: an HTML form on another site cannot send it (login CSRF, docs/security.md).
  encodings: ['json'],
  response: ZSignInAnswer,
  errors,
});

export const refresh = defineEndpoint({
  method: 'GET',
  path: '/refresh',
  tag,
  summary: 'Trade the refresh cookie for a new access token (rotates the cookie)',
  response: ZAuthResponse,
  errors,
});

export const logout = defineEndpoint({
  method: 'GET',
  path: '/logout',
  tag,
  summary: 'Sign out: revoke this session',
  response: ZMessage,
  errors: [403],
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/user/changepswd/:userId',
  tag,
  summary: 'Change a password (own account, or any account for an admin); ends every session of that user',
  params: ZUserIdParams,
  body: ZChangePasswordInput,
  encodings: ['multipart', 'json', 'urlencoded'],
  response: ZMessage,
  errors,
  permission: 'clients.manage',
});
