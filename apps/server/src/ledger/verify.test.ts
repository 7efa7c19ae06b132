import { ZLedgerReport } from '@meridian/contracts/ledger';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../test/helpers/build-app.ts';
import { mustFund } from '../../test/helpers/withdrawal-api.ts';
import { users } from '../db/schema/users.ts';

const { t, app, admin, client } = await buildSignedInApp(['Admin', 'Client']);
afterAll(() => t.close());

beforeAll(async () => {
  await mustFund(app, admin, client.id, 250);
});

const check = (headers: Record<string, string> = admin.headers) =>
  app.inject({ method: 'GET', url: '/api/admin/ledger/verify', headers });

describe('GET /api/admin/ledger/verify', () => {
  it('answers an admin the report of npm run ledger:verify: every user checked, nothing different', async () => {
    const res = await check();
    expect(res.statusCode, res.body).toBe(200);
    const report = ZLedgerReport.parse(res.json());
    const [count] = await app.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(report).toEqual({
      ok: true,
      usersChecked: count?.n,
      total: '0',
      differences: [],
      unbalancedTransactions: [],
    });
  });

  it('is for admins only: a client gets 403, a caller without a token 401', async () => {
    expectApiError(await check(client.headers), 403, 'FORBIDDEN');
    expectApiError(await check({}), 401, 'UNAUTHORIZED');
  });

  it('lists a balance column changed behind the ledger’s back, with both figures in cents', async () => {
    await app.db
      .update(users)
      .set({ balance: sql`${users.balance} + 123` })
      .where(eq(users.id, client.id));
    try {
      const report = ZLedgerReport.parse((await check()).json());
      expect(report.ok).toBe(false);
      expect(report.differences).toEqual([{ userId: client.id, account: 'balance', cached: '25123', ledger: '25000' }]);
      // The entries themselves still balance: only the projection is wrong.
      expect(report).toMatchObject({ total: '0', unbalancedTransactions: [] });
    } finally {
      await app.db
        .update(users)
        .set({ balance: sql`${users.balance} - 123` })
        .where(eq(users.id, client.id));
    }
    expect(ZLedgerReport.parse((await check()).json()).ok).toBe(true);
  });
});
