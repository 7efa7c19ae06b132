import type { TPublicActivity, TPublicStats } from '@meridian/contracts/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createUser } from '../../../../test/helpers/factories.ts';
import { transactions } from '../../../db/schema/money.ts';
import { PublicStatsService, roundForDisplay } from './public-stats.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

type TTransactionInsert = typeof transactions.$inferInsert;
function insertTransaction(
  values: Partial<TTransactionInsert> & Pick<TTransactionInsert, 'userId' | 'type' | 'status'>,
) {
  return t.app.db.insert(transactions).values({
    amount: 100_00n,
    direction: values.type === 'Withdrawal' ? 'out' : 'in',
    ...values,
  });
}

describe('amounts are rounded to a coarse step, never shown exactly', () => {
  it.each([
    [1n, 10],
    [37_00n, 40],
    [99_99n, 100],
    [123_45n, 100],
    [180_00n, 200],
    [1_234_56n, 1_250],
    [9_999_00n, 10_000],
    [12_345_00n, 12_000],
    [1_234_567_00n, 1_230_000],
  ])('%i cents → $%i', (cents, dollars) => {
    expect(roundForDisplay(cents)).toBe(dollars);
  });
});

const DAY = 24 * 60 * MINUTE;

describe('public stats and activity on an empty platform', () => {
  it('answer zero clients and no events (the popup hides), for anyone', async () => {
    const stats = await t.app.inject({ method: 'GET', url: '/api/public/stats' });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ clients: 0, countries: 0, daysOnline: 0 });
    // No account yet (not even the first admin): online since this process started.
    const launchedAt = Date.parse(stats.json<TPublicStats>().launchedAt);
    expect(launchedAt).toBeGreaterThanOrEqual(Date.now() - process.uptime() * 1000 - 1_000);
    expect(launchedAt).toBeLessThanOrEqual(Date.now());
    const activity = await t.app.inject({ method: 'GET', url: '/api/public/activity' });
    expect(activity.statusCode).toBe(200);
    expect(activity.json()).toEqual({ events: [] });
  });
});

describe('with clients and money events', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    const gb = await createUser(t.app, 'Client', { country: 'GB', firstname: 'Zelda' });
    const de = await createUser(t.app, 'Client', { country: 'DE', firstname: 'Otto' });
    await createUser(t.app, 'Client', { country: 'DE' });
    const noCountry = await createUser(t.app, 'Client', { country: '', firstname: 'ébène' });
    // The platform's first account: the admin its first start made, 400 days and 5 hours ago.
    await createUser(t.app, 'Admin', { createdAt: ago(400 * DAY + 5 * 60 * MINUTE) });
    const closed = await createUser(t.app, 'Client', { country: 'FR', firstname: 'Closed', closedAt: ago(MINUTE) });
    const admin = await createUser(t.app, 'Admin', { country: 'US' });

    // Shown: completed deposits and withdrawals, approved investments, by completion time.
    await insertTransaction({
      userId: gb.id,
      type: 'Deposit',
      status: 'Completed',
      amount: 1_234_56n,
      createdAt: ago(60 * MINUTE),
      decidedAt: ago(4 * MINUTE + 5_000),
    });
    await insertTransaction({
      userId: noCountry.id,
      type: 'Withdrawal',
      status: 'Completed',
      amount: 57_00n,
      createdAt: ago(20 * MINUTE),
      decidedAt: ago(10 * MINUTE),
    });
    await insertTransaction({
      userId: de.id,
      type: 'Investment',
      status: 'Approved',
      amount: 30_000_00n,
      createdAt: ago(2 * 24 * 60 * MINUTE),
    });
    await insertTransaction({
      userId: closed.id,
      type: 'Deposit',
      status: 'Completed',
      amount: 500_00n,
      createdAt: ago(MINUTE),
      decidedAt: ago(MINUTE),
    });
    // Not shown: pending, declined, adjustments, deleted, admins' own, older than a week.
    await insertTransaction({ userId: gb.id, type: 'Deposit', status: 'Pending', createdAt: ago(0) });
    await insertTransaction({ userId: gb.id, type: 'Withdrawal', status: 'Declined', decidedAt: ago(0) });
    await insertTransaction({ userId: gb.id, type: 'Investment', status: 'Pending' });
    await insertTransaction({ userId: gb.id, type: 'Adjustment', status: 'Completed', adjustmentKind: 'credit' });
    await insertTransaction({ userId: de.id, type: 'Deposit', status: 'Completed', deletedAt: ago(0) });
    await insertTransaction({ userId: admin.id, type: 'Deposit', status: 'Completed' });
    await insertTransaction({
      userId: de.id,
      type: 'Deposit',
      status: 'Completed',
      createdAt: ago(8 * 24 * 60 * MINUTE),
    });

    // A second app on the same database: its answers are not cached from the empty-platform test.
    fresh = await buildTestApp({}, { sameDatabaseAs: t });
  });
  afterAll(() => fresh.close());

  it('stats count open client accounts and the distinct countries they live in, plus days since launch', async () => {
    const res = await fresh.app.inject({ method: 'GET', url: '/api/public/stats' });
    expect(res.statusCode).toBe(200);
    const body = res.json<TPublicStats>();
    // 4 open clients (the closed one and the admins do not count); GB and DE (an empty country does not count).
    // Online since the first account, whatever this process's uptime (seconds, in a test run).
    expect(body).toMatchObject({ clients: 4, countries: 2, daysOnline: 400 });
    expect(Date.now() - Date.parse(body.launchedAt)).toBeGreaterThanOrEqual(400 * DAY + 5 * 60 * MINUTE);
  });

  it('days online survive a restart: a new process counts from the same launch', async () => {
    const restarted = await buildTestApp({}, { sameDatabaseAs: t });
    try {
      const before = (await fresh.app.inject({ method: 'GET', url: '/api/public/stats' })).json<TPublicStats>();
      const after = (await restarted.app.inject({ method: 'GET', url: '/api/public/stats' })).json<TPublicStats>();
      expect(after.launchedAt).toBe(before.launchedAt);
      expect(after.daysOnline).toBe(400);
    } finally {
      await restarted.close();
    }
  });

  it('activity lists real completed events newest first, anonymised: country or initial, rounded amount, minutes ago', async () => {
    const res = await fresh.app.inject({ method: 'GET', url: '/api/public/activity' });
    expect(res.statusCode).toBe(200);
    expect(res.json<TPublicActivity>().events).toEqual([
      { kind: 'deposit', country: null, initial: null, amount: 500, minutesAgo: 1 },
      { kind: 'deposit', country: 'GB', initial: null, amount: 1_250, minutesAgo: 4 },
      { kind: 'withdrawal', country: null, initial: 'É', amount: 60, minutesAgo: 10 },
      { kind: 'investment', country: 'DE', initial: null, amount: 30_000, minutesAgo: 2 * 24 * 60 },
    ]);
    // No names, ids or exact amounts leave the server.
    expect(res.body).not.toMatch(/Zelda|Otto|Closed|ébène|1234\.56|@|[0-9a-f]{8}-[0-9a-f]{4}/i);
  });

  it('counts are cached for a minute, then recomputed', async () => {
    let now = Date.now();
    const service = new PublicStatsService(t.app.db, { now: () => now, processStartedAt: now - 90_000 });
    const before = await service.publicStats();
    expect(before).toMatchObject({ clients: 4, daysOnline: 400 });
    await createUser(t.app, 'Client', { country: 'JP' });
    now += 59_000;
    expect(await service.publicStats()).toMatchObject({ clients: 4, countries: 2, daysOnline: 400 });
    now += 1_000;
    expect(await service.publicStats()).toMatchObject({ clients: 5, countries: 3 });
    // Whole days, counted as time passes (the launch was 400 days and 5 hours ago).
    now += 19 * 60 * MINUTE;
    expect(await service.publicStats()).toMatchObject({ daysOnline: 401 });
  });

  it('activity is cached for 30 seconds, and events older than a week drop out', async () => {
    const start = Date.now();
    let now = start;
    const service = new PublicStatsService(t.app.db, { now: () => now });
    expect((await service.recentActivity()).events).toHaveLength(4);
    const client = await createUser(t.app, 'Client', { country: 'IT' });
    await insertTransaction({ userId: client.id, type: 'Deposit', status: 'Completed', decidedAt: new Date(start) });
    now = start + 29_000;
    expect((await service.recentActivity()).events).toHaveLength(4);
    now = start + 30_000;
    const refreshed = await service.recentActivity();
    expect(refreshed.events[0]).toEqual({ kind: 'deposit', country: 'IT', initial: null, amount: 100, minutesAgo: 0 });
    now = start + 7 * 24 * 60 * MINUTE;
    expect((await service.recentActivity()).events).toEqual([]);
  });
});
