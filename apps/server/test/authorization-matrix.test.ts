import type { TEndpoint } from '@meridian/contracts/endpoint';
import { can } from '@meridian/contracts/staff-terms';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TUserRow, users } from '../src/db/schema/users.ts';
import { expectApiError } from './helpers/api-error.ts';
import { buildTestApp } from './helpers/build-app.ts';
import { signIn } from './helpers/factories.ts';
import { createRouteCallers, type TRouteAccounts } from './helpers/route-callers.ts';
import {
  bodyOf,
  CALLERS,
  pathOf,
  ROUTES,
  routeName,
  STAFF_CALLERS,
  type TAccess,
  type TCallerName,
  type TRouteContext,
  type TRouteRow,
  type TStaffCallerName,
} from './route-table.ts';

let ctx: TRouteContext;
let ownerRow: TUserRow;
let accounts: TRouteAccounts;

const readOwner = async () => {
  const [row] = await app.db.select().from(users).where(eq(users.id, ctx.owner.id));
  if (!row) throw new Error('owner vanished');
  return row;
};
const t = await buildTestApp();
const app = t.app;
afterAll(() => t.close());

beforeAll(async () => {
  ({ accounts, ctx } = await createRouteCallers(app, { phone: '+1 555 0100', address: '1 Owner Street' }));
  ownerRow = await readOwner();
});

/**
 * One session per caller, signed in again when a row has ended it (logout, password change, the
 * admin ending the owner's sessions): a 401 to a signed-in caller is retried once on a fresh sign-in,
 * and the refusal stands only if that too is refused. A 401 is the guard's answer before the route
 * runs, so the retry repeats nothing; signing in for every call cost a third of the suite's time
 * (a password hash and, for staff, a second factor per call).
 */
const sessions = new Map<TCallerName | TStaffCallerName, Record<string, string>>();

async function sessionHeaders(caller: Exclude<TCallerName, 'anonymous'> | TStaffCallerName) {
  let headers = sessions.get(caller);
  if (!headers) {
    const session = await signIn(app, accounts[caller].email);
    headers = { authorization: session.headers.authorization, cookie: session.cookie };
    sessions.set(caller, headers);
  }
  return headers;
}

async function callAs(caller: TCallerName | TStaffCallerName, row: TRouteRow) {
  const call = async (headers: Record<string, string>) => {
    const body = row.body ? bodyOf(row.body, ctx) : undefined;
    return app.inject({
      method: row.method,
      url: pathOf(row, ctx),
      headers: { ...headers, ...body?.headers },
      ...(body ? { payload: body.payload } : {}),
    });
  };
  if (caller === 'anonymous') return call({});
  const res = await call(await sessionHeaders(caller));
  if (res.statusCode !== 401) return res;
  sessions.delete(caller);
  return call(await sessionHeaders(caller));
}

/** Nothing that identifies the owner or their record may be in a refusal. */
function expectNoOwnerData(body: string) {
  for (const secret of [ownerRow.id, ownerRow.email, ownerRow.username, ownerRow.referralCode, ownerRow.phone]) {
    expect(body).not.toContain(secret);
  }
}

describe.each(ROUTES.map((row) => [routeName(row), row] as const))('%s', (_name, row) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const expected = row.access[caller];
    await row.prepare?.(app, ctx);
    const before = expected === 'ok' ? undefined : await readOwner();
    const res = await callAs(caller, row);

    if (expected === 'ok') {
      expect(res.statusCode, res.body).toBe(endpointOf(row).status ?? 200);
      expectContractAnswer(row, res);
      return;
    }
    await expectRefused(expected, res, before);
  });

  /**
   * Staff of a narrower role (contracts/staff.ts, ROLE_PERMISSIONS): refused by the guard where their
   * role lacks the route's permission, with nothing changed; elsewhere let in as an Admin is. Let in,
   * the route's own checks still apply (an Admin's profile is its Admin's), and a record an earlier
   * caller of the row used up answers 404: the role is what is under test here.
   */
  it.each(Object.keys(STAFF_CALLERS) as TStaffCallerName[])('as %s', async (caller) => {
    const permission = endpointOf(row).permission;
    const roleRefuses = permission !== undefined && !can(STAFF_CALLERS[caller], permission);
    const asAdmin = row.access.admin;
    await row.prepare?.(app, ctx);
    const before = await readOwner();
    const res = await callAs(caller, row);

    if (asAdmin !== 'ok' && asAdmin !== 'refused') return expectRefused(asAdmin, res, before);
    if (roleRefuses) {
      expectApiError(res, 403, 'FORBIDDEN', 'Your role does not allow this');
      expect(await readOwner()).toEqual(before);
      return;
    }
    expect(res.statusCode, res.body).not.toBe(401);
    if (res.statusCode < 300) expectContractAnswer(row, res);
    else expect(res.json().key, res.body).not.toBe('staff.notAllowed');
  });
});

/** A refusal of the kind the row says, with nothing of the owner's in it and their record unchanged. */
async function expectRefused(expected: TAccess, res: LightMyRequestResponse, before: TUserRow | undefined) {
  if (expected === 'unauthenticated') expectApiError(res, 401, 'UNAUTHORIZED');
  if (expected === 'forbidden') expectApiError(res, 403, 'FORBIDDEN');
  if (expected === 'refused') expect([400, 409], res.body).toContain(res.statusCode);
  if (expected === 'notYours') {
    expect([403, 404], res.body).toContain(res.statusCode);
    expectApiError(res, res.statusCode, res.statusCode === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
  }
  expectNoOwnerData(res.body);
  // A refused call leaves the owner's record exactly as it was.
  expect(await readOwner()).toEqual(before);
}

it('lets an agent change its own password (the one thing an agent may do besides signing in)', async () => {
  const session = await signIn(app, accounts.agent.email);
  const res = await app.inject({
    method: 'POST',
    url: `/api/user/changepswd/${accounts.agent.id}`,
    headers: session.headers,
    payload: { currentPassword: accounts.agent.password, password: accounts.agent.password },
  });
  expect(res.statusCode, res.body).toBe(200);
});

it('gives an admin 404 for a user id that does not exist (client record, password change)', async () => {
  const session = await signIn(app, accounts.admin.email);
  const ghost = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const urls = ['/api/client/:userId', '/api/user/changepswd/:userId'];
  for (const row of ROUTES.filter((r) => urls.includes(r.url))) {
    const res = await app.inject({
      method: row.method,
      url: pathOf(row, { ...ctx, owner: { ...ctx.owner, id: ghost } }),
      headers: session.headers,
      ...(row.body ? { payload: row.body.sample(ctx) } : {}),
    });
    expectApiError(res, 404, 'NOT_FOUND', 'Not found');
  }
});

/** The routes the app registered ("METHOD /full/path"), as the app's `onRoute` hook recorded them. */
function registeredRoutes(app: FastifyInstance): string[] {
  return app.registeredRoutes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD')
      .map((method) => `${method} ${route.url}`),
  );
}

const registeredRoute = (row: TRouteRow) =>
  app.registeredRoutes.find((r) => r.method === row.method && r.url === row.url);

/** The contract a row's route was registered from. */
function endpointOf(row: TRouteRow): TEndpoint {
  const endpoint = registeredRoute(row)?.config?.endpoint;
  if (!endpoint) throw new Error(`${routeName(row)} was not registered from a contract`);
  return endpoint;
}

/** An allowed answer is what the endpoint's contract says: its JSON schema, or an image or event stream. */
function expectContractAnswer(row: TRouteRow, res: LightMyRequestResponse) {
  const endpoint = endpointOf(row);
  if (endpoint.produces === 'image') {
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.rawPayload.length).toBeGreaterThan(0);
    return;
  }
  if (endpoint.produces === 'file') {
    expect(res.headers['content-type']).toMatch(/^(text\/csv|application\/pdf)/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    return;
  }
  if (endpoint.produces === 'event-stream') {
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.body).toMatch(/^retry:/m);
    return;
  }
  const parsed = endpoint.response?.safeParse(res.json());
  expect(parsed?.success, `${routeName(row)} answered outside its contract: ${res.body.slice(0, 300)}`).toBe(true);
}

it('covers exactly the routes the app registers (a new route needs a row in route-table.ts)', () => {
  const registered = registeredRoutes(app).filter((route) => {
    const path = route.slice(route.indexOf(' ') + 1);
    return !(path === '/api/docs' || path.startsWith('/api/docs/') || path === '/*' || path === '/');
  });
  expect(registered.length).toBeGreaterThan(0);
  expect([...registered].sort()).toEqual(ROUTES.map(routeName).sort());
});

it('registers every API route from a contract, inside one of the three scopes', () => {
  for (const route of app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))) {
    expect(route.config?.endpoint, route.url).toBeDefined();
    expect(['public', 'client', 'admin'], route.url).toContain(route.config?.audience);
  }
});

it('makes every admin route name the permission it needs, and every client route that lets staff change a client’s record', () => {
  const routes = app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
  const admin = routes.filter((r) => r.config?.audience === 'admin');
  expect(admin.length).toBeGreaterThan(50);
  expect(admin.filter((r) => !r.config?.endpoint?.permission).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  // A client-scope route on which an Admin may change another person's record (the table says so).
  const staffChanges = ROUTES.filter(
    (row) => row.method !== 'GET' && row.access.admin === 'ok' && row.url.includes(':'),
  ).filter((row) => registeredRoute(row)?.config?.audience === 'client');
  expect(staffChanges.map(routeName)).toContain('PUT /api/client/:userId');
  const undeclared = staffChanges.filter((row) => !endpointOf(row).permission).map(routeName);
  expect(undeclared).toEqual([]);
});
