import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TUserRow, users } from '../src/db/schema/users.ts';
import { expectApiError } from './helpers/api-error.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';
import { createUser, signIn } from './helpers/factories.ts';
import { createRouteFixtures } from './helpers/route-fixtures.ts';
import {
  bodyOf,
  CALLERS,
  pathOf,
  ROUTES,
  routeName,
  type TCallerName,
  type TOwner,
  type TRouteContext,
  type TRouteRow,
} from './route-table.ts';

let t: TestApp;
let app: FastifyInstance;
let ctx: TRouteContext;
let ownerRow: TUserRow;
const accounts = {} as Record<Exclude<TCallerName, 'anonymous'>, TOwner>;

const readOwner = async () => {
  const [row] = await app.db.select().from(users).where(eq(users.id, ctx.owner.id));
  if (!row) throw new Error('owner vanished');
  return row;
};

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const [clientA, clientB, agent, admin] = await Promise.all([
    createUser(app, 'Client', { phone: '+1 555 0100', address: '1 Owner Street' }),
    createUser(app, 'Client'),
    createUser(app, 'Agent'),
    createUser(app, 'Admin'),
  ]);
  Object.assign(accounts, { clientA, clientB, agent, admin });
  ctx = { owner: clientA, admin, fixtures: await createRouteFixtures(app, clientA.id) };
  ownerRow = await readOwner();
});
afterAll(() => t.close());

/** A fresh session per call: some rows end the caller's session (logout, password change). */
async function callAs(caller: TCallerName, row: TRouteRow) {
  const headers: Record<string, string> = {};
  if (caller !== 'anonymous') {
    const session = await signIn(app, accounts[caller].email);
    headers.authorization = session.headers.authorization;
    headers.cookie = session.cookie;
  }
  const body = row.body ? bodyOf(row.body, ctx) : undefined;
  return app.inject({
    method: row.method,
    url: pathOf(row, ctx),
    headers: { ...headers, ...body?.headers },
    ...(body ? { payload: body.payload } : {}),
  });
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
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
      return;
    }
    if (expected === 'unauthenticated') expectApiError(res, 401, 'UNAUTHORIZED');
    if (expected === 'forbidden') expectApiError(res, 403, 'FORBIDDEN');
    if (expected === 'notYours') {
      expect([403, 404], res.body).toContain(res.statusCode);
      expectApiError(res, res.statusCode, res.statusCode === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
    }
    expectNoOwnerData(res.body);
    // A refused call leaves the owner's record exactly as it was.
    expect(await readOwner()).toEqual(before);
  });
});

it('lets an agent change its own password (the one thing an agent may do besides signing in)', async () => {
  const session = await signIn(app, accounts.agent.email);
  const res = await app.inject({
    method: 'POST',
    url: `/api/user/changepswd/${accounts.agent.id}`,
    headers: session.headers,
    payload: { password: accounts.agent.password },
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

/**
 * The routes the app registered, read from `printRoutes` (a tree whose lines are path segments with
 * their methods): "METHOD /full/path" for each, without the auto-added HEAD of a GET.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3}|[├└]── )*)(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack[depth - 1] = match[2];
    const path = stack.join('');
    const methods = match[3]?.split(', ') ?? [];
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      found.push(`${method} ${path}`);
    }
  }
  return found;
}

it('covers exactly the routes the app registers (a new route needs a row in route-table.ts)', () => {
  const registered = registeredRoutes(app).filter((route) => {
    const path = route.slice(route.indexOf(' ') + 1);
    return !(path === '/api/docs' || path.startsWith('/api/docs/') || path === '/*');
  });
  expect(registered.length).toBeGreaterThan(0);
  expect([...registered].sort()).toEqual(ROUTES.map(routeName).sort());
});

it('reads the route tree it checks against (docs and nested paths are found too)', () => {
  const all = registeredRoutes(app);
  expect(all).toContain('GET /api/docs/json');
  expect(all).toContain('GET /api/client/:userId');
  expect(all).toContain('POST /api/client');
  expect(all).not.toContain('HEAD /api/health');
});
