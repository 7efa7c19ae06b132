import { ZChangePasswordInput, ZLoginInput, ZRegisterInput } from '@meridian/contracts/auth';
import type { z } from 'zod';
import type { TEncoding } from './helpers/bodies.ts';
import { PASSWORD, registrationForm } from './helpers/factories.ts';

/**
 * Every API route, with who may call it. `authorization-matrix.test.ts` calls each route as each
 * caller and checks the outcome, and fails when the app has a route this table lacks (or the other
 * way round); `bad-input.test.ts` throws malformed input at every route that takes a body or params.
 * Adding a route means adding its row here.
 */

/**
 * The callers. Client A owns the records the path names (`:userId` is A's id); client B is another
 * client naming A's id. Signed-in callers send their bearer token and refresh cookie, as a browser does.
 */
export const CALLERS = ['anonymous', 'clientA', 'clientB', 'agent', 'admin'] as const;
export type TCallerName = (typeof CALLERS)[number];

/**
 * What a caller gets:
 * - `ok`: a 2xx;
 * - `unauthenticated`: 401 (no or no valid credentials);
 * - `forbidden`: 403 (signed in, but the wrong type of user);
 * - `notYours`: 403 or 404, and nothing of the owner's record in the body.
 */
export type TAccess = 'ok' | 'unauthenticated' | 'forbidden' | 'notYours';

export interface TOwner {
  id: string;
  email: string;
  password: string;
}

export interface TRouteContext {
  /** Client A, whose id fills `:userId`. */
  owner: TOwner;
}

export interface TRouteBody {
  /** The contract schema the route validates the body with; tells required fields from optional ones. */
  schema: { shape: Record<string, z.ZodType> };
  /** A valid body. Calling it again gives a fresh one (registration needs a new email each time). */
  sample: (ctx: TRouteContext) => Record<string, unknown>;
  /** The content types the route takes the body in. */
  encodings: readonly TEncoding[];
}

export interface TRouteRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path exactly as registered; each `:param` is filled from `params`. */
  url: `/api/${string}`;
  /** Values of the path's params; by default `:userId` is the owner's id. */
  params?: (ctx: TRouteContext) => Record<string, string>;
  body?: TRouteBody;
  access: Record<TCallerName, TAccess>;
}

const everyone: Record<TCallerName, TAccess> = {
  anonymous: 'ok',
  clientA: 'ok',
  clientB: 'ok',
  agent: 'ok',
  admin: 'ok',
};

const FORMS = ['json', 'urlencoded', 'multipart'] as const;

export const ROUTES: readonly TRouteRow[] = [
  { method: 'GET', url: '/api/health', access: everyone },
  {
    // Sign-up; an admin creates clients through the same call (spec 02 §7 "Create client").
    method: 'POST',
    url: '/api/client',
    body: { schema: ZRegisterInput, sample: () => ({ ...registrationForm() }), encodings: FORMS },
    access: everyone,
  },
  {
    method: 'POST',
    url: '/api/login',
    body: {
      schema: ZLoginInput,
      sample: ({ owner }) => ({ email: owner.email, password: owner.password }),
      encodings: ['json'],
    },
    access: everyone,
  },
  {
    // Cookie based: whoever holds a live refresh cookie gets a new access token.
    method: 'GET',
    url: '/api/refresh',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'ok', agent: 'ok', admin: 'ok' },
  },
  { method: 'GET', url: '/api/logout', access: everyone },
  {
    // The sample sets the password it already has, so the owner can still sign in afterwards.
    method: 'POST',
    url: '/api/user/changepswd/:userId',
    body: { schema: ZChangePasswordInput, sample: () => ({ password: PASSWORD }), encodings: FORMS },
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'notYours', agent: 'forbidden', admin: 'ok' },
  },
  {
    method: 'GET',
    url: '/api/client/:userId',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'notYours', agent: 'forbidden', admin: 'ok' },
  },
  {
    method: 'GET',
    url: '/api/inappmessage/receiver/:userId',
    access: { anonymous: 'unauthenticated', clientA: 'ok', clientB: 'notYours', agent: 'forbidden', admin: 'ok' },
  },
];

/** The concrete path of a row for this context. */
export function pathOf(row: TRouteRow, ctx: TRouteContext): string {
  const params = row.params?.(ctx) ?? { userId: ctx.owner.id };
  return row.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route-table: no value for :${name} in ${row.url}`);
    return encodeURIComponent(value);
  });
}

export const routeName = (row: TRouteRow) => `${row.method} ${row.url}`;
