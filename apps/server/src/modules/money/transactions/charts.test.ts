import type { TChartSeries, TTransactionCharts } from '@meridian/contracts/transaction-charts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp } from '../../../../test/helpers/build-app.ts';
import { createDepositMethodViaApi, declareDeposit, putDepositStatus } from '../../../../test/helpers/deposits.ts';
import { createUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { insertTransaction, type TNewTransaction } from './transactions.repository.ts';

/** A fresh database per file: every figure below is exactly the fixtures'. */
const { t, app, admin, client } = await buildSignedInApp(['Admin', 'Client']);
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
/** `n` UTC days ago at the given UTC time, so a record lands on that UTC day whenever the test runs. */
const daysAgo = (n: number, h = 12, m = 0, s = 0, ms = 0) => {
  const d = new Date(Date.now() - n * DAY);
  d.setUTCHours(h, m, s, ms);
  return d;
};
const isoDay = (n: number) => daysAgo(n).toISOString().slice(0, 10);

beforeAll(async () => {
  const a = client.id;
  const b = (await createUser(app, 'Client')).id;
  const rows: Omit<TNewTransaction, 'direction'>[] = [
    // Two days ago: cents that a float sum would get wrong (0.10 + 0.20 + 100.07).
    { userId: a, type: 'Deposit', status: 'Completed', amount: 10n, createdAt: daysAgo(2, 0, 0, 0) },
    { userId: b, type: 'Deposit', status: 'Completed', amount: 20n, createdAt: daysAgo(2, 9) },
    { userId: b, type: 'Deposit', status: 'Completed', amount: 100_07n, createdAt: daysAgo(2, 23, 59, 59, 999) },
    { userId: a, type: 'Deposit', status: 'Pending', amount: 55_55n, createdAt: daysAgo(2) },
    { userId: a, type: 'Deposit', status: 'Declined', amount: 1_000_00n, createdAt: daysAgo(2) },
    { userId: a, type: 'Withdrawal', status: 'Pending', amount: 40_01n, createdAt: daysAgo(2) },
    { userId: b, type: 'Investment', status: 'Approved', amount: 75_25n, createdAt: daysAgo(2) },
    // Five days ago: a withdrawal of each decided status, an investment waiting.
    { userId: a, type: 'Withdrawal', status: 'Completed', amount: 12_34n, createdAt: daysAgo(5) },
    { userId: a, type: 'Withdrawal', status: 'Declined', amount: 99n, createdAt: daysAgo(5) },
    { userId: b, type: 'Investment', status: 'Pending', amount: 500_00n, createdAt: daysAgo(5) },
    // The first instant of a 7-day period, and the last instant before it.
    { userId: a, type: 'Deposit', status: 'Completed', amount: 7_00n, createdAt: daysAgo(6, 0, 0, 0, 0) },
    { userId: a, type: 'Deposit', status: 'Completed', amount: 8_00n, createdAt: daysAgo(7, 23, 59, 59, 999) },
    // A status no path writes today still shows, as a series of its own.
    { userId: a, type: 'Deposit', status: 'Failed', amount: 3_00n, createdAt: daysAgo(5) },
    // Not charted: deleted records, and types that are not deposits, withdrawals or investments.
    { userId: a, type: 'Deposit', status: 'Pending', amount: 999_00n, createdAt: daysAgo(2), deletedAt: new Date() },
    {
      userId: a,
      type: 'Adjustment',
      status: 'Completed',
      amount: 999_00n,
      createdAt: daysAgo(2),
      adjustmentKind: 'credit',
    },
    { userId: a, type: 'Payout', status: 'Completed', amount: 999_00n, createdAt: daysAgo(2) },
    { userId: a, type: 'Position', status: 'Pending', amount: 999_00n, createdAt: daysAgo(2), asset: 'BTC/USD' },
  ];
  for (const row of rows) {
    await insertTransaction(app.db, { ...row, direction: row.type === 'Withdrawal' ? 'out' : 'in' });
  }
});

const get = (url: string, as: TSignedIn | null = admin) =>
  app.inject({ method: 'GET', url, headers: as?.headers ?? {} });

async function charts(days?: number): Promise<TTransactionCharts> {
  const res = await get(`/api/admin/charts/transactions${days === undefined ? '' : `?days=${days}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TTransactionCharts>();
}

function seriesOf(answer: TTransactionCharts, type: TChartSeries['type'], status: TChartSeries['status']) {
  const found = answer.series.find((s) => s.type === type && s.status === status);
  if (!found) throw new Error(`no series ${type} ${status}`);
  return found;
}

/** The figure of one series on the day `n` days ago. */
function onDay(answer: TTransactionCharts, n: number, type: TChartSeries['type'], status: TChartSeries['status']) {
  const i = answer.dates.indexOf(isoDay(n));
  expect(i, `day ${isoDay(n)} in ${answer.from}..${answer.to}`).toBeGreaterThanOrEqual(0);
  return seriesOf(answer, type, status).days[i];
}

describe('GET /api/admin/charts/transactions', () => {
  it('sums each day by type and status, exactly in cents', async () => {
    const answer = await charts(30);
    expect(onDay(answer, 2, 'Deposit', 'Completed')).toEqual({ count: 3, amount: 100.37 });
    expect(onDay(answer, 2, 'Deposit', 'Pending')).toEqual({ count: 1, amount: 55.55 });
    expect(onDay(answer, 2, 'Deposit', 'Declined')).toEqual({ count: 1, amount: 1_000 });
    expect(onDay(answer, 2, 'Withdrawal', 'Pending')).toEqual({ count: 1, amount: 40.01 });
    expect(onDay(answer, 2, 'Investment', 'Approved')).toEqual({ count: 1, amount: 75.25 });
    expect(onDay(answer, 5, 'Withdrawal', 'Completed')).toEqual({ count: 1, amount: 12.34 });
    expect(onDay(answer, 5, 'Withdrawal', 'Declined')).toEqual({ count: 1, amount: 0.99 });
    expect(onDay(answer, 5, 'Investment', 'Pending')).toEqual({ count: 1, amount: 500 });
    // Deleted records, adjustments, payouts and positions are left out.
    const i = answer.dates.indexOf(isoDay(2));
    expect(answer.series.reduce((n, s) => n + (s.days[i]?.count ?? 0), 0)).toBe(7);

    // The period's totals, summed in cents: 0.10 + 0.20 + 100.07 + 7 + 8.
    expect(seriesOf(answer, 'Deposit', 'Completed').total).toEqual({ count: 5, amount: 115.37 });
    expect(seriesOf(answer, 'Withdrawal', 'Completed').total).toEqual({ count: 1, amount: 12.34 });
  });

  it('gives every day of the period, oldest first, a day without records as zeros', async () => {
    const answer = await charts();
    expect(answer.dates).toHaveLength(30);
    expect(answer.from).toBe(isoDay(29));
    expect(answer.to).toBe(isoDay(0));
    expect(answer.dates[0]).toBe(answer.from);
    expect(answer.dates.at(-1)).toBe(answer.to);
    expect([...answer.dates].sort()).toEqual(answer.dates);
    for (const s of answer.series) expect(s.days).toHaveLength(30);
    for (const s of answer.series) expect(onDay(answer, 3, s.type, s.status)).toEqual({ count: 0, amount: 0 });
  });

  it('shows each type in its usual statuses, even at zero, and any other status it has', async () => {
    const answer = await charts(30);
    expect(answer.series.map((s) => `${s.type} ${s.status}`)).toEqual([
      'Deposit Completed',
      'Deposit Pending',
      'Deposit Declined',
      'Deposit Failed',
      'Withdrawal Completed',
      'Withdrawal Pending',
      'Withdrawal Declined',
      'Investment Approved',
      'Investment Pending',
      'Investment Declined',
    ]);
    expect(seriesOf(answer, 'Investment', 'Declined').total).toEqual({ count: 0, amount: 0 });
    expect(seriesOf(answer, 'Deposit', 'Failed').total).toEqual({ count: 1, amount: 3 });
    // A period without one: the usual statuses only.
    const day = await charts(1);
    expect(day.series.map((s) => s.status)).not.toContain('Failed');
  });

  it('counts a record from the first instant of the period, and none from before it', async () => {
    const week = await charts(7);
    expect(week.dates).toHaveLength(7);
    expect(week.from).toBe(isoDay(6));
    expect(onDay(week, 6, 'Deposit', 'Completed')).toEqual({ count: 1, amount: 7 });
    // 0.10 + 0.20 + 100.07 two days ago and 7.00 six days ago; 8.00 seven days ago is outside.
    expect(seriesOf(week, 'Deposit', 'Completed').total).toEqual({ count: 4, amount: 107.37 });
    const month = await charts(8);
    expect(seriesOf(month, 'Deposit', 'Completed').total).toEqual({ count: 5, amount: 115.37 });
  });

  it('shows a deposit as it is declared and completed, on the day it was made', async () => {
    const before = await charts(7);
    const method = await createDepositMethodViaApi(app, admin, { minAmount: 1, maxAmount: 100000 });
    const deposit = await declareDeposit(app, client, method.id, '250.75');
    const pending = await charts(7);
    expect(onDay(pending, 0, 'Deposit', 'Pending')).toEqual({
      count: (onDay(before, 0, 'Deposit', 'Pending')?.count ?? 0) + 1,
      amount: 250.75,
    });
    const done = await putDepositStatus(app, admin, deposit.id, 'Completed');
    expect(done.statusCode, done.body).toBe(200);
    const completed = await charts(7);
    expect(onDay(completed, 0, 'Deposit', 'Pending')).toEqual({ count: 0, amount: 0 });
    expect(onDay(completed, 0, 'Deposit', 'Completed')).toEqual({ count: 1, amount: 250.75 });
    expect(seriesOf(completed, 'Deposit', 'Completed').total).toEqual({ count: 5, amount: 358.12 });
  });

  it('takes ?days from 1 to 366 and refuses anything else', async () => {
    expect((await charts(1)).dates).toEqual([isoDay(0)]);
    expect((await charts(366)).dates).toHaveLength(366);
    for (const bad of ['0', '367', 'abc', '1.5', '-7']) {
      expectApiError(await get(`/api/admin/charts/transactions?days=${bad}`), 400, 'VALIDATION');
    }
  });

  it('is for admins only', async () => {
    expectApiError(await get('/api/admin/charts/transactions', null), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/admin/charts/transactions', client), 403, 'FORBIDDEN');
  });
});
