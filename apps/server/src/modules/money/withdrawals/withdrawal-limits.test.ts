import { messageText } from '@meridian/contracts/messages';
import type { ZWithdrawalAnswer } from '@meridian/contracts/transactions';
import type { TWithdrawalLimits } from '@meridian/contracts/withdrawal-limits';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { setUserFields, signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { balancesOf, mustFund, setStatus, verifyFreshCode, withdraw } from '../../../../test/helpers/withdrawal-api.ts';
import { createWithdrawalMethod } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { transactions, withdrawalCodes } from '../../../db/schema/money.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { AppError } from '../../../lib/app-error.ts';
import { hashWithdrawalCode } from './withdrawal-codes.service.ts';
import { checkWithdrawalLimits, freesAt, type TCountedWithdrawal } from './withdrawal-limits.ts';

/** Withdrawal limits (docs/money.md, "Withdrawal limits"), through the API and as rules alone. */

type TWithdrawalAnswer = z.infer<typeof ZWithdrawalAnswer>;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let app: FastifyInstance;
let admin: TSignedIn;
let methodId: string;
beforeAll(async () => {
  // Small limits, so a few withdrawals reach them: not verified $100 / $150 / $300; verified
  // $1,000 a request and $2,000 a day, with no 30-day limit.
  t = await buildTestApp({
    WITHDRAWAL_LIMIT_PER_REQUEST_UNVERIFIED: 10_000n,
    WITHDRAWAL_LIMIT_24H_UNVERIFIED: 15_000n,
    WITHDRAWAL_LIMIT_30D_UNVERIFIED: 30_000n,
    WITHDRAWAL_LIMIT_PER_REQUEST_VERIFIED: 100_000n,
    WITHDRAWAL_LIMIT_24H_VERIFIED: 200_000n,
    WITHDRAWAL_LIMIT_30D_VERIFIED: null,
  });
  app = t.app;
  admin = await signedInUser(app, 'Admin');
  methodId = (await createWithdrawalMethod(app, { minAmount: 100n, maxAmount: 10_000_000n })).id;
});
afterAll(async () => {
  expect(await verifyLedger(app.db)).toMatchObject({ ok: true, total: '0' });
  await t.close();
});

/** A client with `balance` dollars. */
async function fundedClient(balance: number): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  await mustFund(app, admin, client.id, balance);
  return client;
}

/** Verifies a fresh code, then withdraws. */
async function withdrawWithCode(client: TSignedIn, amount: number) {
  await verifyFreshCode(app, client);
  return withdraw(app, client, methodId, amount);
}

async function mustWithdraw(client: TSignedIn, amount: number) {
  const res = await withdrawWithCode(client, amount);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TWithdrawalAnswer>().withdrawal;
}

async function limitsOf(as: TSignedIn, userId = as.id): Promise<TWithdrawalLimits> {
  const res = await app.inject({ method: 'GET', url: `/api/withdrawal/limits/${userId}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TWithdrawalLimits>();
}

/** Moves the client's withdrawals `hours` into the past, as if they had been asked for then. */
async function backdate(userId: string, hours: number) {
  await app.db
    .update(transactions)
    .set({ createdAt: sql`${transactions.createdAt} - make_interval(hours => ${hours})` })
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'Withdrawal')));
}

/** When each of the client's withdrawals was asked for, oldest first. */
async function askedAt(userId: string): Promise<Date[]> {
  const rows = await app.db
    .select({ at: transactions.createdAt })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'Withdrawal')))
    .orderBy(transactions.createdAt);
  return rows.map((r) => r.at);
}

/** "2026-11-30 14:05 UTC", rounded up to the minute, as the message writes a time. */
const minuteText = (at: Date) => {
  const up = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${up.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

describe('GET /withdrawal/limits/:userId', () => {
  it('answers the limits of the client’s state and what is left of each, before any withdrawal', async () => {
    const client = await fundedClient(500);
    expect(await limitsOf(client)).toEqual({
      verified: false,
      perRequest: 100,
      day: { limit: 150, used: 0, left: 150 },
      month: { limit: 300, used: 0, left: 300 },
      upTo: 100,
    });
  });

  it('answers the verified limits once the account is verified, null where there is none', async () => {
    const client = await fundedClient(500);
    await setUserFields(app, client.id, { isVerified: true });
    expect(await limitsOf(client)).toEqual({
      verified: true,
      perRequest: 1000,
      day: { limit: 2000, used: 0, left: 2000 },
      month: { limit: null, used: 0, left: null },
      upTo: 1000,
    });
    // An admin reads any client's; the numbers are the client's.
    expect((await limitsOf(admin, client.id)).verified).toBe(true);
  });

  it('answers 404 for an admin’s own id (limits are a client’s)', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/withdrawal/limits/${admin.id}`, headers: admin.headers });
    expectApiError(res, 404, 'NOT_FOUND');
  });
});

describe('POST /withdrawal within the limits', () => {
  it('refuses more than the per-request maximum, moving nothing and keeping the verified code', async () => {
    const client = await fundedClient(500);
    const res = await withdrawWithCode(client, 100.01);
    const body = expectApiError(res, 422, 'WITHDRAWAL_LIMIT', 'The most you can withdraw in one request is $100.00');
    expect(body).toMatchObject({ key: 'withdrawals.limitPerRequest', params: { max: '$100.00', maxUsd: 100 } });
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 50_000n, hold: 0n });
    // The refusal rolled back: the verified code still allows one withdrawal, of exactly the maximum.
    const ok = await withdraw(app, client, methodId, 100);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses what the rolling 24 hours have no room for, saying what is left and from when it fits', async () => {
    const client = await fundedClient(500);
    await mustWithdraw(client, 100);
    const [first] = await askedAt(client.id);
    const res = await withdrawWithCode(client, 60);
    const at = minuteText(new Date((first as Date).getTime() + DAY));
    const body = expectApiError(
      res,
      422,
      'WITHDRAWAL_LIMIT',
      `This is more than your 24-hour withdrawal limit of $150.00 allows: $50.00 is left now, and $60.00 can be withdrawn from ${at}`,
    );
    expect(body.key).toBe('withdrawals.limitDay');
    expect(body.params).toMatchObject({ limitUsd: 150, leftUsd: 50, amountUsd: 60 });
    expect(new Date(String(body.params.atIso)).getTime()).toBeGreaterThanOrEqual((first as Date).getTime() + DAY);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 40_000n, hold: 10_000n });
    // Exactly what is left is allowed; then nothing is.
    const rest = await withdraw(app, client, methodId, 50);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await limitsOf(client)).toMatchObject({
      day: { used: 150, left: 0 },
      month: { used: 150, left: 150 },
      upTo: 0,
    });
  });

  it('names the time the oldest withdrawals needed leave the window, not the first one', async () => {
    const client = await fundedClient(500);
    await mustWithdraw(client, 50);
    await backdate(client.id, 2);
    await mustWithdraw(client, 50);
    await backdate(client.id, 1);
    await mustWithdraw(client, 50);
    const [, second] = await askedAt(client.id);
    // $0 left: $60 fits only once both the first and the second $50 have left the 24 hours.
    const res = await withdrawWithCode(client, 60);
    const body = expectApiError(res, 422, 'WITHDRAWAL_LIMIT');
    expect(body.message).toBe(
      messageText('withdrawals.limitDay', {
        limit: '$150.00',
        left: '$0.00',
        amount: '$60.00',
        at: minuteText(new Date((second as Date).getTime() + DAY)),
      }),
    );
  });

  it('counts over rolling windows: past 24 hours only the 30 days refuse, naming that limit', async () => {
    const client = await fundedClient(1000);
    await mustWithdraw(client, 100);
    await mustWithdraw(client, 50);
    await backdate(client.id, 25);
    // The 24 hours are free again; the 30 days hold $150 of $300.
    expect(await limitsOf(client)).toMatchObject({ day: { used: 0, left: 150 }, month: { used: 150, left: 150 } });
    await mustWithdraw(client, 100);
    await mustWithdraw(client, 50);
    await backdate(client.id, 48);
    const [oldest] = await askedAt(client.id);
    const res = await withdrawWithCode(client, 10);
    const body = expectApiError(res, 422, 'WITHDRAWAL_LIMIT');
    expect(body.key).toBe('withdrawals.limitMonth');
    expect(body.message).toBe(
      `This is more than your 30-day withdrawal limit of $300.00 allows: $0.00 is left now, and $10.00 can be withdrawn from ${minuteText(new Date((oldest as Date).getTime() + 30 * DAY))}`,
    );
    // Past 30 days nothing counts.
    await backdate(client.id, 30 * 24);
    await mustWithdraw(client, 100);
    expect(await limitsOf(client)).toMatchObject({ day: { used: 100 }, month: { used: 100 } });
  });

  it('counts Completed withdrawals and frees what a decline or a deletion gives back', async () => {
    const client = await fundedClient(500);
    const paid = await mustWithdraw(client, 100);
    expect((await setStatus(app, admin, paid.id, 'Completed')).statusCode).toBe(200);
    expect(await limitsOf(client)).toMatchObject({ day: { used: 100, left: 50 } });
    const declined = await mustWithdraw(client, 50);
    expect((await setStatus(app, admin, declined.id, 'Declined')).statusCode).toBe(200);
    const deleted = await mustWithdraw(client, 50);
    const gone = await app.inject({ method: 'DELETE', url: `/api/withdrawal/${deleted.id}`, headers: admin.headers });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await limitsOf(client)).toMatchObject({ day: { used: 100, left: 50 }, upTo: 50 });
    await mustWithdraw(client, 50);
    expect(await balancesOf(app, client.id)).toMatchObject({ balance: 35_000n, hold: 5_000n });
  });

  it('applies the verified limits once an admin verifies the client, read under the lock', async () => {
    const client = await fundedClient(5000);
    expectApiError(await withdrawWithCode(client, 500), 422, 'WITHDRAWAL_LIMIT');
    await setUserFields(app, client.id, { isVerified: true });
    const ok = await withdraw(app, client, methodId, 500);
    expect(ok.statusCode, ok.body).toBe(201);
    await mustWithdraw(client, 1000);
    expect(await limitsOf(client)).toMatchObject({ day: { used: 1500, left: 500 }, upTo: 500 });
  });
});

describe('parallel withdrawals of one client', () => {
  /** `count` verified, unspent codes of the client's, so each parallel request has one to spend. */
  async function verifiedCodes(userId: string, count: number) {
    await app.db.insert(withdrawalCodes).values(
      Array.from({ length: count }, () => ({
        userId,
        codeHash: hashWithdrawalCode(userId, '123456'),
        expiresAt: sql`now() + interval '8 minutes'`,
        verifiedAt: sql`now()`,
      })),
    );
  }

  it('never accept more than the 24-hour limit together, however many arrive at once', async () => {
    const client = await fundedClient(1000);
    await verifyFreshCode(app, client);
    await verifiedCodes(client.id, 12);
    // Twelve requests of $12.34 to $45.67 at once against $150 for 24 hours.
    const amounts = [12.34, 45.67, 30, 25.5, 40, 33.33, 20, 45.67, 12.34, 38, 27.27, 44.44];
    // The first saves the address; the others go at once, to it.
    expect((await withdraw(app, client, methodId, 12.34)).statusCode).toBe(201);
    const answers = await Promise.all(
      amounts.map((amount) => withdraw(app, client, methodId, amount, { saved: false })),
    );
    const accepted = answers.flatMap((r, i) =>
      r.statusCode === 201 ? [Math.round((amounts[i] as number) * 100)] : [],
    );
    const refused = answers.filter((r) => r.statusCode !== 201);
    for (const r of refused) expectApiError(r, 422, 'WITHDRAWAL_LIMIT');
    const sum = 1_234 + accepted.reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(15_000);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    // The records and the hold agree with the answers, and with the limit.
    expect((await balancesOf(app, client.id)).hold).toBe(BigInt(sum));
    expect(await limitsOf(client)).toMatchObject({ day: { used: sum / 100 } });
  });
});

describe('the rules alone', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const row = (hoursAgo: number, cents: number): TCountedWithdrawal => ({
    at: new Date(now.getTime() - hoursAgo * HOUR),
    amount: BigInt(cents),
  });

  it('frees up when enough of the oldest withdrawals in the window have left it', () => {
    const rows = [row(20, 5_000), row(10, 5_000), row(1, 5_000)];
    expect(freesAt(rows, 'day', 15_000n, 0n, now)).toEqual(now);
    expect(freesAt(rows, 'day', 15_000n, 5_000n, now)).toEqual(new Date(now.getTime() + 4 * HOUR));
    expect(freesAt(rows, 'day', 15_000n, 10_000n, now)).toEqual(new Date(now.getTime() + 14 * HOUR));
    // Older than the window: already gone.
    expect(freesAt([row(25, 15_000)], 'day', 15_000n, 15_000n, now)).toEqual(now);
  });

  it('counts a withdrawal stamped a little ahead of this server’s clock', () => {
    expect(freesAt([row(-1, 15_000)], 'day', 15_000n, 1n, now)).toEqual(new Date(now.getTime() + 25 * HOUR));
  });

  it('names the window that frees up last when both refuse', () => {
    const rows = [row(24 * 20, 20_000), row(2, 10_000)];
    const limits = { perRequest: null, day: 15_000n, month: 30_000n };
    const refusal = (() => {
      try {
        checkWithdrawalLimits(rows, limits, 10_000n, now);
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      key: 'withdrawals.limitMonth',
      params: { leftUsd: 0, atIso: '2026-12-09T12:00:00.000Z' },
    });
    expect(() => checkWithdrawalLimits(rows, limits, 0n, now)).not.toThrow();
  });

  it('treats an amount above a window’s whole limit as above the per-request maximum', () => {
    expect(() => checkWithdrawalLimits([], { perRequest: null, day: 15_000n, month: null }, 15_001n, now)).toThrowError(
      'The most you can withdraw in one request is $150.00',
    );
  });
});
