import type { TUserType } from '@meridian/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TUserRow } from '../db/schema/users.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import type { AuthService, TCaller } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by `app.authenticate`, absent on public routes. */
    caller?: TCaller;
    callerRow?: TUserRow;
  }
  interface FastifyInstance {
    /**
     * 401 unless a valid bearer token of a live session and an active user comes with it. Routes use it
     * as their `onRequest` hook, so nothing of a request (body, params) is read before the caller is known.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** `onRequest` hooks: signed in and of one of `types`, else 401 / 403. */
    requireRole: (...types: TUserType[]) => Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>>;
  }
}

/** The caller of a route guarded by `authenticate`; a programming error if used elsewhere. */
export function callerOf(request: FastifyRequest): TCaller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * A client may name only their own id in a path; admins may name anyone. Answers 403 before any
 * lookup, so nothing tells whether the other id exists.
 */
export function assertSelfOrAdmin(request: FastifyRequest, userId: string): TCaller {
  const caller = callerOf(request);
  if (caller.type !== 'Admin' && caller.id !== userId) throw forbidden();
  return caller;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!bearer) throw unauthorized();
    const found = await opts.auth.authenticate(bearer);
    if (!found) throw unauthorized('errors.sessionExpired');
    request.caller = found.caller;
    request.callerRow = found.user;
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', (...types: TUserType[]) => [
    authenticate,
    async (request: FastifyRequest) => {
      if (!types.includes(callerOf(request).type)) throw forbidden();
    },
  ]);
});
