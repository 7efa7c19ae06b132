import type { FastifyRequest } from 'fastify';

/**
 * Where a sign-in came from, kept on its session so the person can recognise it in their list of
 * sessions: the browser's own description of itself and the address it connected from.
 */
export interface TSignInContext {
  userAgent: string;
  ip: string;
}

/** A User-Agent header can be any length; the list of sessions needs no more than this. */
const USER_AGENT_MAX = 512;

export function signInContextOf(request: FastifyRequest): TSignInContext {
  return { userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX), ip: request.ip };
}

/** How a sign-in was proven (`session_families.method` and `second_factor`). */
export interface TSignInProof {
  method: 'password' | 'passkey' | 'code';
  secondFactor?: 'totp' | 'recovery-code' | undefined;
}
