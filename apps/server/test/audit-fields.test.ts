import { ZAuditState } from '@meridian/contracts/audit';
import { AUDIT_ACTIONS, type TAuditEntry, ZAuditPage } from '@meridian/contracts/balances';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';
import { createUser, signIn } from './helpers/factories.ts';
import { createRouteFixtures } from './helpers/route-fixtures.ts';
import { bodyOf, pathOf, ROUTES, routeName, type TRouteContext } from './route-table.ts';

/**
 * The back office names every field of an audit entry's before/after and shows each value by its
 * kind, from the list in `contracts/audit.ts`. Here every route an admin may call that changes
 * something is called as an admin (the rows and records of `route-table.ts`), and every state the
 * audit log then holds must fit that list: a new field, or a value of another kind, fails here until
 * the list (and so the web's labels, checked by its own test) says how to show it.
 */

let t: TestApp;
let app: FastifyInstance;
let ctx: TRouteContext;
const failedCalls: string[] = [];
let entries: TAuditEntry[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const [owner, admin] = await Promise.all([
    createUser(app, 'Client', { phone: '+1 555 0100', address: '1 Owner Street' }),
    createUser(app, 'Admin'),
  ]);
  ctx = { owner, admin, fixtures: await createRouteFixtures(app, owner.id) };

  for (const row of ROUTES.filter((r) => r.method !== 'GET' && r.access.admin === 'ok')) {
    await row.prepare?.(app, ctx);
    // A fresh session per call: some rows end the caller's sessions.
    const session = await signIn(app, admin.email);
    const body = row.body ? bodyOf(row.body, ctx) : undefined;
    const res = await app.inject({
      method: row.method,
      url: pathOf(row, ctx),
      headers: { ...session.headers, cookie: session.cookie, ...body?.headers },
      ...(body ? { payload: body.payload } : {}),
    });
    if (res.statusCode >= 300) failedCalls.push(`${routeName(row)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  // The rows set states the owner already has (active, withdrawals allowed), which records nothing:
  // the opposite calls that do change something; and a credit above the four-eyes threshold, which
  // is asked for, not made.
  const session = await signIn(app, admin.email);
  for (const [url, payload] of [
    [`/api/user/activate/${ctx.fixtures.clientToDeactivateId}`, undefined],
    [`/api/client/withdrawals/${owner.id}`, { enabled: false }],
    [`/api/user/fund/${owner.id}`, { amount: 50_000, reason: 'Above the four-eyes threshold' }],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) failedCalls.push(`POST ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }

  const reader = await signIn(app, admin.email);
  for (let page = 1; ; page++) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?page=${page}&limit=100`,
      headers: reader.headers,
    });
    const answer = ZAuditPage.parse(res.json());
    entries = [...entries, ...answer.entries];
    if (page >= answer.totalPage) break;
  }
}, 120_000);
afterAll(() => t.close());

it('calls every changing admin route successfully', () => {
  expect(failedCalls).toEqual([]);
});

it('records every audit action the server knows, so each one is checked below', () => {
  const recorded = new Set(entries.map((entry) => entry.action));
  expect(AUDIT_ACTIONS.filter((action) => !recorded.has(action))).toEqual([]);
});

it('writes only listed fields into before/after, each holding a value of its kind', () => {
  const problems = entries.flatMap((entry) =>
    (['before', 'after'] as const).flatMap((side) => {
      const state = entry[side];
      if (state === null) return [];
      const parsed = ZAuditState.safeParse(state);
      return parsed.success
        ? []
        : parsed.error.issues.map(
            (issue) => `${entry.action} ${side}: ${issue.path.join('.') || '(state)'}: ${issue.message}`,
          );
    }),
  );
  expect(problems).toEqual([]);
});
