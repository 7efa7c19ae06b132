import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../../config.ts';
import type { TIssuedSession } from './auth.service.ts';

/**
 * The refresh token's cookie (docs/security.md, "Sessions"): httpOnly, SameSite=Strict, sent only
 * to the API. Every way of signing in sets it the same way; signing out and a password change clear it.
 */
export const REFRESH_COOKIE = 'meridian_refresh';
const COOKIE_PATH = '/api';

/** The refresh token the browser sent, if any. */
export function refreshTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE];
}

/** The refresh cookie of a new session: persistent when remembered, else ending with the browser. */
export function setSessionCookie(
  config: TConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  session: TIssuedSession,
): void {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie(config, request),
    path: COOKIE_PATH,
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
}

/**
 * `Secure` per COOKIE_SECURE: `true`/`false` as set; `auto` follows the request's protocol, except in
 * production, where only an explicit `false` leaves it off (loadConfig already turns `auto` into `true`
 * there; this holds for a config built any other way too).
 */
export function secureCookie(config: Pick<TConfig, 'COOKIE_SECURE' | 'NODE_ENV'>, request: FastifyRequest): boolean {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'true';
  return config.NODE_ENV === 'production' || request.protocol === 'https';
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}
