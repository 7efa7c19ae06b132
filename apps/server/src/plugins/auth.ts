import type { TUserType } from '@meridian/contracts/constants';
import { can } from '@meridian/contracts/staff-terms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, notFound, unauthorized } from '../lib/app-error.ts';
import type { TCaller } from '../lib/caller.ts';
import type { AuthService } from '../modules/identity/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by the client and admin scopes' guards, absent on public routes. */
    caller?: TCaller;
  }
  interface FastifyInstance {
    /**
     * The guards of the route scopes (routes/client, routes/admin), each run once as its scope's
     * `onRequest` hook, so nothing of a request (body, params) is read before the caller is known.
     */
    guards: { client: TGuard; admin: TGuard };
  }
  interface FastifyContextConfig {
    /**
     * Who a route of the client scope lets in (default: clients and admins). A client-only action
     * (declaring a deposit, submitting KYC) narrows it to clients; changing one's own password
     * widens it to agents.
     */
    callers?: readonly TUserType[];
    /**
     * An admin whose session has not passed a second factor (nor a passkey) may call this route of
     * the client scope: enrolment, the second factor's status, changing one's own password
     * (docs/security.md, "Two-factor sign-in"). Every other route refuses such an admin.
     */
    beforeSecondFactor?: boolean;
    /**
     * The route moves the caller's money (a deposit, a withdrawal, an investment, a position, a
     * signal): a client whose email address is not verified yet is refused (403 EMAIL_NOT_VERIFIED,
     * docs/security.md "Email verification").
     */
    verifiedEmail?: boolean;
  }
}

type TGuard = (request: FastifyRequest) => Promise<void>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CLIENT_SCOPE_CALLERS: readonly TUserType[] = ['Client', 'Admin'];

/** The caller of a route in the client or admin scope; a programming error if used elsewhere. */
export function callerOf(request: FastifyRequest): TCaller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * Signs the caller in from the bearer token: 401 unless it belongs to a live session of an active user.
 */
async function authenticate(auth: AuthService, request: FastifyRequest): Promise<TCaller> {
  const header = request.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!bearer) throw unauthorized();
  const caller = await auth.authenticate(bearer);
  if (!caller) throw unauthorized('errors.sessionExpired');
  request.caller = caller;
  return caller;
}

/**
 * A staff member may call the route only if their role allows its permission (contracts/staff.ts;
 * docs/security.md, "Staff roles"). In the admin scope a route that declares none is refused to all:
 * a route added without thinking about roles opens to nobody rather than to everybody.
 */
function requireRoleFor(request: FastifyRequest, caller: TCaller): void {
  const permission = request.routeOptions.config.endpoint?.permission;
  if (!permission || !can(caller.staffRole, permission)) throw forbidden('staff.notAllowed');
}

/** An admin's session must have passed a second factor or a passkey before the back office opens. */
function secondFactorRequired(): AppError {
  return new AppError('SECOND_FACTOR_REQUIRED', 'two-factor.required');
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorate('guards', {
    /**
     * A signed-in client, or an admin; a `:userId` in the path must be the caller's own unless the
     * caller is an admin. Answers 403 before any lookup, so nothing tells whether the other id exists.
     */
    async client(request: FastifyRequest) {
      const caller = await authenticate(opts.auth, request);
      const callers = request.routeOptions.config.callers ?? CLIENT_SCOPE_CALLERS;
      if (!callers.includes(caller.type)) throw forbidden();
      // Otherwise an admin with a password alone could act on any client through `:userId`.
      if (caller.type === 'Admin' && !caller.strong && !request.routeOptions.config.beforeSecondFactor) {
        throw secondFactorRequired();
      }
      const { userId } = request.params as { userId?: string };
      if (userId !== undefined) {
        // A malformed id names nobody: answered like an id that does not exist, whoever asks.
        if (!UUID.test(userId)) throw notFound();
        if (caller.type !== 'Admin' && caller.id !== userId) throw forbidden('errors.notOwnRecord');
        // Before the second factor, an admin acts on their own account only.
        if (caller.type === 'Admin' && !caller.strong && caller.id !== userId) throw secondFactorRequired();
      }
      // Staff changing a client's record through a client route need their role's permission for it;
      // their own account (their password, their avatar) needs none.
      if (caller.type === 'Admin' && request.routeOptions.config.endpoint?.permission && userId !== caller.id) {
        requireRoleFor(request, caller);
      }
      if (request.routeOptions.config.verifiedEmail && caller.type === 'Client' && !caller.emailVerified) {
        throw new AppError('EMAIL_NOT_VERIFIED', 'email-verification.required');
      }
    },
    /** A signed-in admin, whose session passed a second factor or a passkey. */
    async admin(request: FastifyRequest) {
      const caller = await authenticate(opts.auth, request);
      if (caller.type !== 'Admin') throw forbidden();
      if (!caller.strong) throw secondFactorRequired();
      requireRoleFor(request, caller);
    },
  });
});
