import type { TSignal, TSignalAnswer, TSignalJoinAnswer, TSignalList } from '@meridian/contracts/signals';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { postingsOf } from '../../../../test/helpers/ledger-trail.ts';
import {
  MINUTE,
  minuteOf,
  moveSignalWindow,
  SIGNALS_TEST_CONFIG,
  signalBalancesOf,
  signalRow,
} from '../../../../test/helpers/signal-fixtures.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { signalTrades } from '../../../db/schema/trading.ts';

/**
 * Creating, listing and joining signals, and the admin's settle refusals (docs/money.md, "Signals"):
 * every message the screens show, and the money a join moves. Settlement itself, against recorded
 * price paths, is in signals.settlement.test.ts.
 */

const { t, app, admin } = await buildSignedInApp(['Admin'], SIGNALS_TEST_CONFIG);
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** Fill Sample Data: opening in 30 minutes, closing in 4 hours. */
function signalForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'EUR/USD breakout',
    description: 'The euro above its range',
    asset: 'EUR/USD',
    entryPrice: 1.085,
    targetPrice: 1.095,
    percentageReturn: 12.5,
    minEntryAmount: 100,
    scheduleTime: inMinutes(30),
    closingTime: inMinutes(240),
    ...overrides,
  };
}

function create(payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/signal/create', headers: admin.headers, payload: payload as object });
}

async function createSignal(overrides: Record<string, unknown> = {}): Promise<TSignal> {
  const res = await create(signalForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TSignalAnswer>().signal;
}

async function fundedClient(cents = 100_000n): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  await fundClient(app, client.id, cents);
  return client;
}

function join(client: TSignedIn, id: string, entryAmount: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/signal/${id}/join`,
    headers: { ...client.headers, ...headers },
    payload: { entryAmount } as object,
  });
}

describe('Create Signal', () => {
  it('creates a pending signal, kept to the minute, audited', async () => {
    const res = await create(
      signalForm({ scheduleTime: '2099-03-01T10:15:42+02:00', closingTime: '2099-03-01T14:15:59.999+02:00' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { message, signal } = res.json<TSignalAnswer>();
    expect(message).toBe('Signal created successfully');
    expect(signal).toMatchObject({
      title: 'EUR/USD breakout',
      asset: 'EUR/USD',
      entryPrice: 1.085,
      targetPrice: 1.095,
      percentageReturn: 12.5,
      minEntryAmount: 100,
      scheduleTime: '2099-03-01T08:15:00.000Z',
      closingTime: '2099-03-01T12:15:00.000Z',
      status: 'pending',
      result: null,
      evidence: null,
      settledAt: null,
      participants: 0,
      totalEntries: 0,
    });
    expect(signal.joined).toBeUndefined();
    expect(await signalRow(app, signal.id)).toMatchObject({
      createdBy: admin.id,
      returnTenths: 125,
      minEntry: 10_000n,
    });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, signal.id));
    expect(audit).toMatchObject({ action: 'signal.create', actorId: admin.id, entityType: 'signal' });
    expect(audit?.after).toMatchObject({ title: 'EUR/USD breakout', targetPrice: 1.095, minEntryAmount: '$100.00' });
  });

  it('takes the default minimum entry of $100 when none is given', async () => {
    const { minEntryAmount: _, ...form } = signalForm();
    const res = await create(form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TSignalAnswer>().signal.minEntryAmount).toBe(100);
  });

  it('says which fields are missing', async () => {
    const res = await create({});
    const body = expectApiError(res, 400, 'VALIDATION');
    expect(body.fieldErrors).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      asset: 'Please select a trading pair',
      entryPrice: 'Entry price is required',
      targetPrice: 'Target price is required',
      percentageReturn: 'Expected return is required',
      scheduleTime: 'Schedule time is required',
      closingTime: 'Closing time is required',
    });
  });

  it.each([
    ['minEntryAmount', { minEntryAmount: 0.99 }, 'Minimum entry amount must be at least $1'],
    ['minEntryAmount', { minEntryAmount: '' }, 'Minimum entry amount is required'],
    [
      'percentageReturn',
      { percentageReturn: 0 },
      'Expected return must be above 0% and at most 1000%, with at most 1 decimal',
    ],
    [
      'percentageReturn',
      { percentageReturn: 12.55 },
      'Expected return must be above 0% and at most 1000%, with at most 1 decimal',
    ],
    [
      'percentageReturn',
      { percentageReturn: 1000.1 },
      'Expected return must be above 0% and at most 1000%, with at most 1 decimal',
    ],
    ['entryPrice', { entryPrice: 0 }, 'Entry price is required'],
    ['entryPrice', { entryPrice: 1.085001 }, 'This price has more decimals than the pair is quoted in'],
    ['targetPrice', { targetPrice: 1.085 }, 'The target price must differ from the entry price'],
    ['asset', { asset: 'DOGE/USD' }, 'Please select a trading pair'],
    ['scheduleTime', { scheduleTime: 'tomorrow' }, 'Schedule time is required'],
    ['closingTime', { closingTime: inMinutes(30) }, 'Closing time must be after the schedule time'],
    // Within the same minute as the schedule: equal once seconds are dropped.
    [
      'closingTime',
      { scheduleTime: '2099-01-01T10:00:05Z', closingTime: '2099-01-01T10:00:55Z' },
      'Closing time must be after the schedule time',
    ],
    [
      'scheduleTime',
      { scheduleTime: inMinutes(-5), closingTime: inMinutes(60) },
      'Schedule time must be in the future',
    ],
  ])('refuses a bad %s: %j', async (field, overrides, message) => {
    const body = expectApiError(await create(signalForm(overrides)), 400, 'VALIDATION');
    expect(body.fieldErrors?.[field]).toBe(message);
  });
});

describe('the lists', () => {
  it('gives clients the open signals, soonest closing first, with their own joins; admins every signal', async () => {
    const later = await createSignal({ title: 'Later', closingTime: inMinutes(600) });
    const sooner = await createSignal({ title: 'Sooner', closingTime: inMinutes(60) });
    const settledLong = await createSignal({ title: 'Closed' });
    await moveSignalWindow(app, settledLong.id, Date.now() - 120 * MINUTE, Date.now() - 60 * MINUTE);
    const client = await fundedClient();
    expect((await join(client, sooner.id, 150)).statusCode).toBe(201);

    const res = await app.inject({ method: 'GET', url: '/api/signal/active', headers: client.headers });
    expect(res.statusCode, res.body).toBe(200);
    const open = res.json<TSignalList>().signals;
    const ids = open.map((s) => s.id);
    expect(ids).not.toContain(settledLong.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(open.find((s) => s.id === sooner.id)).toMatchObject({ joined: true, participants: 1, totalEntries: 150 });
    expect(open.find((s) => s.id === later.id)).toMatchObject({ joined: false, participants: 0, totalEntries: 0 });

    const all = await app.inject({ method: 'GET', url: '/api/signal/all', headers: admin.headers });
    const every = all.json<TSignalList>().signals;
    expect(every.map((s) => s.id).slice(0, 3)).toEqual([settledLong.id, sooner.id, later.id]);
    expect(every[0]?.joined).toBeUndefined();
  });
});

describe('Join', () => {
  it('moves the entry balance → trading and records a Pending Signal in the history', async () => {
    const signal = await createSignal({ percentageReturn: 7.5 });
    const client = await fundedClient(50_000n);
    const res = await join(client, signal.id, '123.45');
    expect(res.statusCode, res.body).toBe(201);
    const { message, trade } = res.json<TSignalJoinAnswer>();
    expect(message).toBe('Successfully joined signal!');
    // $123.45 × 7.5% = $9.25875 → $9.26.
    expect(trade).toMatchObject({
      signalId: { id: signal.id, title: 'EUR/USD breakout', asset: 'EUR/USD' },
      entryAmount: 123.45,
      expectedReturn: 9.26,
      // The specification's screens format it whatever the status: a number, 0 until settled.
      actualReturn: 0,
      status: 'active',
      result: null,
      settledAt: null,
    });
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 37_655n, trading: 12_345n, profit: 0n });
    expect(await postingsOf(app, trade.id, 'signal.join')).toBe(1);
    const history = await app.inject({ method: 'GET', url: `/api/transaction/${trade.id}`, headers: client.headers });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject({
      id: trade.id,
      type: 'Signal',
      status: 'Pending',
      amount: 123.45,
      direction: 'out',
      asset: 'EUR/USD',
      pnl: null,
    });
    const mine = await app.inject({ method: 'GET', url: '/api/signal/my-trades', headers: client.headers });
    expect(mine.json().trades).toEqual([trade]);
  });

  it('accepts exactly the minimum, and refuses a cent less, naming the minimum', async () => {
    const signal = await createSignal({ minEntryAmount: 250 });
    const client = await fundedClient();
    const below = expectApiError(await join(client, signal.id, 249.99), 422, 'VALIDATION');
    expect(below.message).toBe('The minimum entry for this signal is $250.00');
    expect(below.fieldErrors).toEqual({ entryAmount: 'The minimum entry for this signal is $250.00' });
    expect((await join(client, signal.id, 250)).statusCode).toBe(201);
  });

  it('refuses an entry above the balance', async () => {
    const signal = await createSignal();
    const client = await fundedClient(10_000n);
    const res = await join(client, signal.id, 100.01);
    expectApiError(res, 422, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 10_000n, trading: 0n, profit: 0n });
  });

  it('takes one join per client and signal', async () => {
    const signal = await createSignal();
    const client = await fundedClient();
    expect((await join(client, signal.id, 100)).statusCode).toBe(201);
    expectApiError(await join(client, signal.id, 200), 409, 'CONFLICT', 'You have already joined this signal');
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 90_000n, trading: 10_000n, profit: 0n });
  });

  it('keeps one join when the same client joins twice at once', async () => {
    const signal = await createSignal();
    const client = await fundedClient();
    const answers = await Promise.all([join(client, signal.id, 100), join(client, signal.id, 100)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await app.db
      .select()
      .from(signalTrades)
      .where(and(eq(signalTrades.signalId, signal.id), eq(signalTrades.userId, client.id)));
    expect(rows).toHaveLength(1);
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 90_000n, trading: 10_000n, profit: 0n });
  });

  it('refuses once the signal has opened (its schedule time has come)', async () => {
    const signal = await createSignal();
    const opens = minuteOf(Date.now());
    await moveSignalWindow(app, signal.id, opens, opens + 60 * MINUTE);
    const client = await fundedClient();
    expectApiError(
      await join(client, signal.id, 100),
      409,
      'CONFLICT',
      'This signal has opened and no longer takes new entries',
    );
  });

  it('answers 404 for a signal that does not exist', async () => {
    const client = await fundedClient();
    expectApiError(
      await join(client, '0d9f8e7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f', 100),
      404,
      'NOT_FOUND',
      'Signal not found',
    );
  });

  it('refuses an amount that is not one', async () => {
    const signal = await createSignal();
    const client = await fundedClient();
    const empty = expectApiError(await join(client, signal.id, ''), 400, 'VALIDATION');
    expect(empty.fieldErrors).toEqual({ entryAmount: 'Please enter an amount' });
    expectApiError(await join(client, signal.id, 0), 400, 'VALIDATION');
  });

  it('joins once for a retried request with the same Idempotency-Key', async () => {
    const signal = await createSignal();
    const client = await fundedClient();
    const key = { 'idempotency-key': `join-${signal.id}` };
    const first = await join(client, signal.id, 100, key);
    const second = await join(client, signal.id, 100, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 90_000n, trading: 10_000n, profit: 0n });
  });

  it('is for clients: an admin may not join', async () => {
    const signal = await createSignal();
    expectApiError(await join(admin, signal.id, 100), 403, 'FORBIDDEN');
  });
});

describe("the admin's settle and evidence", () => {
  it('answers 404 for a signal that does not exist', async () => {
    const id = '1e0f9a8b-7c6d-4e5f-9a0b-1c2d3e4f5a6b';
    const put = await app.inject({
      method: 'PUT',
      url: `/api/signal/${id}/result`,
      headers: admin.headers,
      payload: { result: 'gain' },
    });
    expectApiError(put, 404, 'NOT_FOUND', 'Signal not found');
    const get = await app.inject({ method: 'GET', url: `/api/signal/${id}/evidence`, headers: admin.headers });
    expectApiError(get, 404, 'NOT_FOUND', 'Signal not found');
  });

  it('refuses a result other than gain or loss', async () => {
    const signal = await createSignal();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/signal/${signal.id}/result`,
      headers: admin.headers,
      payload: { result: 'draw' },
    });
    expect(expectApiError(res, 400, 'VALIDATION').fieldErrors).toEqual({ result: 'Choose gain or loss' });
  });

  it('shows a pending signal no evidence yet: no candles, no result', async () => {
    const signal = await createSignal();
    const res = await app.inject({ method: 'GET', url: `/api/signal/${signal.id}/evidence`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().evidence).toEqual({
      direction: 'up',
      extremePrice: null,
      extremeTime: null,
      touchedAt: null,
      candles: 0,
      until: signal.scheduleTime,
      result: null,
    });
  });
});
