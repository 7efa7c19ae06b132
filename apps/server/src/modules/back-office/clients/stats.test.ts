import type { TAdminStats, TStatsSeries } from '@meridian/contracts/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { createUser, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { users } from '../../../db/schema/users.ts';
import { insertTransaction, type TNewTransaction } from '../../money/transactions/transactions.repository.ts';

/** A fresh database per file: the numbers below are exactly the fixtures'. */
const { t, app, admin, client } = await buildSignedInApp(['Admin', 'Client']);
afterAll(() => t.close());
const DAY = 24 * 60 * 60 * 1000;
/** Noon UTC `n` days ago, so the record lands on that UTC day whenever the test runs. */
const daysAgo = (n: number) => {
  const d = new Date(Date.now() - n * DAY);
  d.setUTCHours(12, 0, 0, 0);
  return d;
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  const a = client.id;
  const b = (await createUser(app, 'Client')).id;
  const closed = (await createUser(app, 'Client', { closedAt: new Date(), isActive: false })).id;
  await signedInUser(app, 'Agent');

  const rows: Omit<TNewTransaction, 'direction'>[] = [
    // Counted: completed deposits and withdrawals, approved investments.
    { userId: a, type: 'Deposit', status: 'Completed', amount: 100_00n, createdAt: daysAgo(0) },
    { userId: b, type: 'Deposit', status: 'Completed', amount: 250_50n, createdAt: daysAgo(2) },
    { userId: closed, type: 'Deposit', status: 'Completed', amount: 49_50n, createdAt: daysAgo(2) },
    { userId: a, type: 'Withdrawal', status: 'Completed', amount: 40_00n, createdAt: daysAgo(2) },
    { userId: b, type: 'Investment', status: 'Approved', amount: 75_25n, createdAt: daysAgo(5) },
    // Old: in the totals, outside a 30-day chart.
    { userId: a, type: 'Deposit', status: 'Completed', amount: 1_000_00n, createdAt: daysAgo(40) },
    // Not counted: pending, declined, failed, deleted, adjustments.
    { userId: a, type: 'Deposit', status: 'Pending', amount: 999_00n, createdAt: daysAgo(0) },
    { userId: a, type: 'Deposit', status: 'Declined', amount: 999_00n, createdAt: daysAgo(1) },
    { userId: a, type: 'Withdrawal', status: 'Pending', amount: 999_00n, createdAt: daysAgo(1) },
    { userId: a, type: 'Withdrawal', status: 'Declined', amount: 999_00n, createdAt: daysAgo(1) },
    { userId: a, type: 'Investment', status: 'Pending', amount: 999_00n, createdAt: daysAgo(1) },
    { userId: a, type: 'Investment', status: 'Declined', amount: 999_00n, createdAt: daysAgo(1) },
    { userId: a, type: 'Deposit', status: 'Failed', amount: 999_00n, createdAt: daysAgo(1) },
    { userId: a, type: 'Deposit', status: 'Pending', amount: 999_00n, createdAt: daysAgo(1), deletedAt: new Date() },
    {
      userId: a,
      type: 'Adjustment',
      status: 'Completed',
      amount: 999_00n,
      createdAt: daysAgo(1),
      adjustmentKind: 'credit',
    },
  ];
  for (const row of rows) {
    await insertTransaction(app.db, { ...row, direction: row.type === 'Withdrawal' ? 'out' : 'in' });
  }
});

const get = (url: string, as: TSignedIn | null = admin) =>
  app.inject({ method: 'GET', url, headers: as?.headers ?? {} });

describe('GET /api/admin/stats', () => {
  it('counts open clients and sums only money that moved, in dollars', async () => {
    const res = await get('/api/admin/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<TAdminStats>();
    const everyone = await app.db.$count(users);
    expect(everyone).toBe(5); // admin, client A, client B, closed client, agent
    expect(stats).toEqual({
      totalClients: 2,
      totalDeposits: 1_400,
      totalWithdrawals: 40,
      totalInvestments: 75.25,
      totalTransactions: 1_515.25,
    });
  });

  it('is for admins only', async () => {
    expectApiError(await get('/api/admin/stats', null), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/admin/stats', client), 403, 'FORBIDDEN');
  });
});

describe('GET /api/admin/stats/series', () => {
  it('gives every one of the last 30 UTC days, oldest first, empty days as 0', async () => {
    const res = await get('/api/admin/stats/series');
    expect(res.statusCode, res.body).toBe(200);
    const { days } = res.json<TStatsSeries>();
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe(isoDay(daysAgo(29)));
    expect(days[29]?.date).toBe(isoDay(daysAgo(0)));
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get(isoDay(daysAgo(0)))).toEqual({
      date: isoDay(daysAgo(0)),
      deposits: 100,
      withdrawals: 0,
      investments: 0,
    });
    expect(byDate.get(isoDay(daysAgo(1)))).toEqual({
      date: isoDay(daysAgo(1)),
      deposits: 0,
      withdrawals: 0,
      investments: 0,
    });
    expect(byDate.get(isoDay(daysAgo(2)))).toEqual({
      date: isoDay(daysAgo(2)),
      deposits: 300,
      withdrawals: 40,
      investments: 0,
    });
    expect(byDate.get(isoDay(daysAgo(5)))?.investments).toBe(75.25);
    const sum = days.reduce((s, d) => s + d.deposits, 0);
    expect(sum).toBe(400);
  });

  it('takes ?days (1 to 366) and refuses anything else', async () => {
    const week = (await get('/api/admin/stats/series?days=7')).json<TStatsSeries>();
    expect(week.days).toHaveLength(7);
    const year = (await get('/api/admin/stats/series?days=60')).json<TStatsSeries>();
    expect(year.days.reduce((s, d) => s + d.deposits, 0)).toBe(1_400);
    for (const bad of ['0', '367', 'abc', '1.5']) {
      expect((await get(`/api/admin/stats/series?days=${bad}`)).statusCode).toBe(400);
    }
  });

  it('is for admins only', async () => {
    expectApiError(await get('/api/admin/stats/series', null), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/admin/stats/series', client), 403, 'FORBIDDEN');
  });
});
