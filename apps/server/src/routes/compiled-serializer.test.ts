import { ZUser } from '@meridian/contracts/auth';
import { ZBalanceSummary } from '@meridian/contracts/balances';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { getClient } from '@meridian/contracts/endpoints/profile';
import { getUserTransactions } from '@meridian/contracts/endpoints/transactions';
import { ZCursorPageQuery } from '@meridian/contracts/pagination';
import { ZTransactionPage } from '@meridian/contracts/transactions';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app.ts';
import { createUser, setUserFields } from '../../test/helpers/factories.ts';
import { createPlanRow } from '../../test/helpers/investment-fixtures.ts';
import { createRouteFixtures } from '../../test/helpers/route-fixtures.ts';
import { getClient as readClient } from '../modules/identity/profile/index.ts';
import { findUserById, toApiUser } from '../modules/identity/users/index.ts';
import { balanceSummaryOf } from '../modules/money/balances/index.ts';
import { pageHistory } from '../modules/money/transactions/index.ts';
import { insertTransaction } from '../modules/money/transactions/transactions.repository.ts';
import { compiledSerializerCompiler, toSerializerSchema } from './compiled-serializer.ts';

/** What the client sees of `data` under `schema` today (zod encodes, JSON.stringify writes) and compiled. */
function bothWays(schema: z.ZodType) {
  const route = { method: 'GET', url: '/test', httpStatus: '200' };
  return {
    zod: zodSerializerCompiler({ ...route, schema }),
    compiled: compiledSerializerCompiler(200)({ ...route, schema }),
  };
}

function expectSameBytes(schema: z.ZodType, data: unknown) {
  const { zod, compiled } = bothWays(schema);
  const expected = zod(data);
  expect(compiled(data)).toBe(expected);
  return expected;
}

/** Text that needs escaping, non-ASCII and long enough for each of fast-json-stringify's string paths. */
const AWKWARD = {
  quotes: 'Zoë "Q" O\'Brien \\ back\\slash',
  controls: 'line one\nline two\ttab\r\u0001\u001f end',
  unicode: 'Ĳssel 🚀 日本語 \u2028 \u2029',
  long: `${'ab"c\\'.repeat(20)} ${'x'.repeat(100)}`,
  veryLong: `${'plain words '.repeat(500)}"`,
};

describe('compiled answers write the bytes zod wrote', () => {
  let t: TestApp;
  let clientId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const app = t.app;
    await createUser(app, 'Admin');
    const plan = await createPlanRow(app, { name: `Gold "Plus" ${AWKWARD.unicode}` });
    const client = await createUser(app, 'Client', {
      firstname: AWKWARD.quotes,
      lastname: AWKWARD.unicode,
      phone: '+44 20 7946 0958',
      country: 'Côte d’Ivoire',
      address: AWKWARD.controls,
      profile: '/api/profile/avatar/3f1b7c0a1e11.webp',
      termsAcceptedAt: new Date('2026-03-01T09:30:15.123Z'),
    });
    clientId = client.id;
    await createRouteFixtures(app, clientId);
    await setUserFields(app, clientId, {
      planId: plan.id,
      planName: plan.name,
      maintenanceAlert: true,
      maintenanceAlertMessage: AWKWARD.long,
      securityAlertMessage: AWKWARD.veryLong,
      kycStatus: 'pending',
      bonus: 1_050n,
      profitBalance: 123_456_789n,
      tradingBalance: 1n,
    });
    const record = (row: Partial<Parameters<typeof insertTransaction>[1]>) =>
      insertTransaction(app.db, {
        userId: clientId,
        type: 'Adjustment',
        status: 'Completed',
        amount: 1n,
        direction: 'in',
        ...row,
      });
    await record({ type: 'Position', amount: 250_000n, direction: 'out', asset: 'BTC/USD', pnl: -12_345n });
    await record({ type: 'Signal', amount: 9_999n, direction: 'out', asset: 'EUR/USD', pnl: 7n });
    await record({ type: 'Position', status: 'Pending', amount: 10n, direction: 'out', asset: 'XAU/USD' });
    await record({ adjustmentKind: 'profit', amount: 33n, reason: AWKWARD.quotes });
    await record({ adjustmentKind: 'debit', amount: 100_000_000_00n, direction: 'out', reason: AWKWARD.controls });
    await record({ type: 'Payout', amount: 3n, investmentPlanId: plan.id, investmentPlanName: plan.name });
    await record({
      type: 'Deposit',
      status: 'Completed',
      amount: 1_000_001n,
      depositMethodName: 'Wire',
      reference: AWKWARD.long,
      senderAddress: 'TXsender000000000000000000000000000',
    });
  });
  afterAll(() => t.close());

  it('the client record (GET /api/client/:userId)', async () => {
    const record = await readClient(t.app.db, clientId);
    const json = expectSameBytes(ZUser, record);
    expect(json).toContain('"plan":{');
    // Read from the answer's columns only, it is the answer the whole row gives.
    const row = await findUserById(t.app.db, clientId);
    expect(row && toApiUser(row)).toEqual(record);
  });

  it('the balance summary (GET /api/balance/:userId)', async () => {
    expectSameBytes(ZBalanceSummary, await balanceSummaryOf(t.app.db, clientId));
  });

  it('every page of a client’s history, by offset and by cursor (GET /api/transaction/user/:userId)', async () => {
    let query = ZCursorPageQuery.parse({ limit: '3' });
    let pages = 0;
    for (;;) {
      const page = await pageHistory(t.app.db, query, clientId);
      expectSameBytes(ZTransactionPage, page);
      pages += 1;
      if (page.nextCursor === null) break;
      query = ZCursorPageQuery.parse({ limit: '3', page: String(pages + 1), after: page.nextCursor });
    }
    expect(pages).toBeGreaterThan(4);
    expectSameBytes(ZTransactionPage, await pageHistory(t.app.db, ZCursorPageQuery.parse({ limit: '100' }), clientId));
    expectSameBytes(ZTransactionPage, await pageHistory(t.app.db, ZCursorPageQuery.parse({ page: '2' }), clientId));
  });

  it('a page whose rows carry their client (the optional `user`), as admin lists do', async () => {
    const page = await pageHistory(t.app.db, ZCursorPageQuery.parse({ limit: '50' }));
    expect(page.transactions.some((row) => row.user !== undefined)).toBe(true);
    expectSameBytes(ZTransactionPage, page);
  });

  it('leaves out keys the schema does not name, and optional keys without a value', async () => {
    const user = await readClient(t.app.db, clientId);
    const json = expectSameBytes(ZUser, { ...user, passwordHash: 'secret', plan: user.plan && { ...user.plan, x: 1 } });
    expect(json).not.toContain('secret');
    const [row] = (await pageHistory(t.app.db, ZCursorPageQuery.parse({}), clientId)).transactions;
    if (!row) throw new Error('no row');
    const page = {
      transactions: [{ ...row, user: undefined, extra: 'x' }],
      totalPage: 1,
      nextCursor: null,
      prevCursor: 'c',
    };
    expect(expectSameBytes(ZTransactionPage, page)).not.toContain('"user"');
  });

  it('writes numbers and strings as JSON.stringify does', () => {
    const schema = z.object({
      n: z.number(),
      i: z.number().int(),
      s: z.string(),
      b: z.boolean(),
      e: z.enum(['a', 'b']),
    });
    for (const n of [0, -0, 0.1 + 0.2, -1234567.89, 1e21, 5e-7, Number.MAX_SAFE_INTEGER, -Number.MIN_VALUE]) {
      for (const s of [...Object.values(AWKWARD), '', 'a', '\ud800 lone', 'x\udfff', '"', '\\']) {
        const i = Number.isSafeInteger(Math.trunc(n)) ? Math.trunc(n) : -42;
        expectSameBytes(schema, { n, i, s, b: n > 0, e: 'b' });
      }
    }
  });

  it('the three routes are registered compiled', () => {
    for (const endpoint of [getBalance, getClient, getUserTransactions]) {
      const route = t.app.registeredRoutes.find(
        (r) => r.url === `/api${endpoint.path}` && r.method === endpoint.method,
      );
      expect(route?.serializerCompiler, endpoint.path).toBeDefined();
    }
  });
});

describe('toSerializerSchema', () => {
  it.each([
    ['a transform', z.string().transform((s) => s.length)],
    ['a union', z.union([z.string(), z.number()])],
    ['a loose object', z.looseObject({ a: z.string() })],
    ['a record', z.record(z.string(), z.string())],
    ['a date', z.date()],
  ])('refuses %s, whose bytes it could not promise', (_what, schema) => {
    expect(() => toSerializerSchema(z.object({ field: schema }))).toThrow(/compiled serializer: \(answer\)\.field/);
  });
});
