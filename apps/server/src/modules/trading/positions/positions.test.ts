import { messageText } from '@meridian/contracts/messages';
import type { TPosition, TPositionAnswer, TPositionList } from '@meridian/contracts/positions';
import type { ZTransactionPage } from '@meridian/contracts/transactions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { encode } from '../../../../test/helpers/bodies.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import type { TSignedIn } from '../../../../test/helpers/factories.ts';
import { entriesOf } from '../../../../test/helpers/ledger-trail.ts';
import { balancesOf } from '../../../../test/helpers/payout-fixtures.ts';
import { closePostingsOf, messagesOf, positionRow, tick, until } from '../../../../test/helpers/position-fixtures.ts';
import { fundedClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { queryRows } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { positions } from '../../../db/schema/trading.ts';
import { verifyLedger } from '../../../ledger/verify.ts';
import { MarketData } from '../../../providers/market/market-data.ts';
import { SimulatedFeed } from '../../../providers/market/simulated.ts';
import { ExitMonitor } from './exit-monitor.ts';

/**
 * Positions through the API (docs/money.md, "Positions"): opening moves the margin balance → trading
 * at the pushed mid price; each way of closing (the client, an admin at market, expiry, stop-out)
 * settles the P&L to the cent, completes the history row and tells the client; nothing opens or
 * closes on a stale price. Prices arrive through the market's own sink, as a feed delivers them.
 */

// No simulated ticks (this file is the market) and no timed job runs (the tests run the job).
const { t, app, admin } = await buildSignedInApp(['Admin'], { MARKET_TICK_MS: 0, JOBS_INTERVAL_MS: 86_400_000 });
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

const open = (client: TSignedIn, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/position',
    headers: { ...client.headers, ...headers },
    payload: { userId: client.id, expiration: 60, ...body },
  });

async function opened(client: TSignedIn, body: Record<string, unknown>) {
  const res = await open(client, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPositionAnswer>().position;
}

const closeOwn = (client: TSignedIn, id: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/position/${id}/close`, headers: { ...client.headers, ...headers } });

const closeAtMarket = (id: string, reason?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/position/close-at-market/${id}`,
    headers: admin.headers,
    payload: reason === undefined ? {} : { reason },
  });

const listOf = async (client: TSignedIn, query = '') => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/position/user/${client.id}${query}`,
    headers: client.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPositionList>();
};

describe('opening a position', () => {
  it('moves the margin balance → trading at the current mid and records a Pending history row', async () => {
    const client = await fundedClient(app, 1_000);
    const priceTime = Date.now();
    tick(app, 'BTC/USD', 50_000, priceTime);
    const res = await open(client, { asset: 'BTC/USD', amount: '100.00', leverage: 10, type: 'buy' });
    expect(res.statusCode, res.body).toBe(201);
    const { message, position } = res.json<TPositionAnswer>();
    expect(message).toBe('Position opened!');
    expect(position).toMatchObject({
      asset: 'BTC/USD',
      type: 'buy',
      amount: 100,
      leverage: 10,
      expiration: 60,
      status: 'open',
      entryPrice: 50_000,
      entryPriceTime: new Date(priceTime).toISOString(),
      stopOutPrice: 45_000,
      exitPrice: null,
      closeReason: null,
      isLoss: false,
      profit: 0,
      loss: 0,
      userId: client.id,
    });
    expect(Date.parse(position.expiresAt ?? '') - Date.parse(position.createdAt)).toBe(60 * 60_000);

    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 90_000n, trading: 10_000n, profit: 0n });
    const [posting] = await queryRows<{ kind: string; n: number }>(
      app.db,
      sql`select t.kind, count(e.*)::int as n from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.ref_id = ${position.id} group by t.kind`,
    );
    expect(posting).toMatchObject({ kind: 'position.open', n: 2 });

    const history = await app.inject({
      method: 'GET',
      url: `/api/transaction/user/${client.id}`,
      headers: client.headers,
    });
    const record = history.json<z.infer<typeof ZTransactionPage>>().transactions.find((r) => r.id === position.id);
    expect(record).toMatchObject({
      type: 'Position',
      status: 'Pending',
      amount: 100,
      direction: 'out',
      asset: 'BTC/USD',
      pnl: null,
    });
  });

  it('refuses each missing or wrong field with its message', async () => {
    const client = await fundedClient(app, 100);
    const empty = expectApiError(
      await app.inject({ method: 'POST', url: '/api/position', headers: client.headers, payload: {} }),
      400,
      'VALIDATION',
    );
    expect(empty.fieldErrors).toMatchObject({
      asset: messageText('validation.assetRequired'),
      amount: messageText('validation.amountRequired'),
      leverage: messageText('validation.leverageRequired'),
      expiration: messageText('validation.expirationRequired'),
      type: messageText('validation.positionTypeRequired'),
    });
    const valid = { asset: 'BTC/USD', amount: '10.00', leverage: 2, type: 'sell' };
    const cases: [Record<string, unknown>, string, Parameters<typeof messageText>[0]][] = [
      [{ asset: 'DOGE/USD' }, 'asset', 'validation.assetRequired'],
      [{ amount: '0' }, 'amount', 'validation.amountPositive'],
      [{ amount: '1.234' }, 'amount', 'validation.amountInvalid'],
      [{ amount: '-5' }, 'amount', 'validation.amountNonNegative'],
      [{ leverage: 3 }, 'leverage', 'validation.leverageRequired'],
      [{ expiration: 45 }, 'expiration', 'validation.expirationRequired'],
      // A JSON number only: neither a boolean nor a number's text.
      [{ leverage: true }, 'leverage', 'validation.leverageRequired'],
      [{ leverage: '2' }, 'leverage', 'validation.leverageRequired'],
      [{ expiration: true }, 'expiration', 'validation.expirationRequired'],
      [{ expiration: '60' }, 'expiration', 'validation.expirationRequired'],
      [{ type: 'hold' }, 'type', 'validation.positionTypeRequired'],
    ];
    for (const [change, field, key] of cases) {
      const body = expectApiError(await open(client, { ...valid, ...change }), 400, 'VALIDATION');
      expect(body.fieldErrors?.[field], JSON.stringify(change)).toBe(messageText(key));
    }
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 10_000n, trading: 0n });
  });

  it('takes leverage and expiration as text from a form body, and nothing but a number from it', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'ETH/USD', 3_000, Date.now());
    const fields = {
      asset: 'ETH/USD',
      amount: '10.00',
      leverage: '2',
      expiration: '240',
      type: 'buy',
      userId: client.id,
    };
    for (const encoding of ['urlencoded', 'multipart'] as const) {
      const { payload, headers } = encode(encoding, fields);
      const res = await app.inject({
        method: 'POST',
        url: '/api/position',
        headers: { ...client.headers, ...headers },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<TPositionAnswer>().position).toMatchObject({ leverage: 2, expiration: 240 });
      const { payload: wrong, headers: wrongHeaders } = encode(encoding, { ...fields, leverage: 'true' });
      const refused = expectApiError(
        await app.inject({
          method: 'POST',
          url: '/api/position',
          headers: { ...client.headers, ...wrongHeaders },
          payload: wrong,
        }),
        400,
        'VALIDATION',
      );
      expect(refused.fieldErrors?.leverage).toBe(messageText('validation.leverageRequired'));
    }
  });

  it('takes at most the balance (422) and an amount to the cent', async () => {
    const client = await fundedClient(app, 50);
    tick(app, 'ETH/USD', 3_000);
    const over = expectApiError(
      await open(client, { asset: 'ETH/USD', amount: '50.01', leverage: 1, type: 'buy' }),
      422,
      'INSUFFICIENT_FUNDS',
      'Insufficient balance',
    );
    expect(over.fieldErrors?.amount).toBe('Insufficient balance');
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 5_000n, trading: 0n });
    // The whole balance is allowed.
    await opened(client, { asset: 'ETH/USD', amount: '50.00', leverage: 1, type: 'buy' });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 0n, trading: 5_000n });
  });

  it('is for the client themself: another client naming them, or an admin, is refused', async () => {
    const owner = await fundedClient(app, 100);
    const other = await fundedClient(app, 100);
    tick(app, 'BTC/USD', 50_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/position',
      headers: other.headers,
      payload: { asset: 'BTC/USD', amount: 10, leverage: 1, expiration: 30, type: 'buy', userId: owner.id },
    });
    expectApiError(res, 403, 'FORBIDDEN');
    const asAdmin = await app.inject({
      method: 'POST',
      url: '/api/position',
      headers: admin.headers,
      payload: { asset: 'BTC/USD', amount: 10, leverage: 1, expiration: 30, type: 'buy', userId: owner.id },
    });
    expectApiError(asAdmin, 403, 'FORBIDDEN');
    expect(await balancesOf(app.db, owner.id)).toMatchObject({ balance: 10_000n, trading: 0n });
  });

  it('opens one position for retries with the same Idempotency-Key', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'SOL/USD', 150);
    const body = { asset: 'SOL/USD', amount: '25.00', leverage: 2, type: 'buy' };
    const first = await open(client, body, { 'idempotency-key': 'open-sol-1' });
    const again = await open(client, body, { 'idempotency-key': 'open-sol-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<TPositionAnswer>().position.id).toBe(first.json<TPositionAnswer>().position.id);
    const rows = await app.db.select().from(positions).where(eq(positions.userId, client.id));
    expect(rows).toHaveLength(1);
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 7_500n, trading: 2_500n });

    const id = first.json<TPositionAnswer>().position.id;
    const close = await closeOwn(client, id, { 'idempotency-key': 'close-sol-1' });
    const closeAgain = await closeOwn(client, id, { 'idempotency-key': 'close-sol-1' });
    expect(close.statusCode, close.body).toBe(200);
    expect(closeAgain.statusCode).toBe(200);
    expect(closeAgain.headers['idempotent-replayed']).toBe('true');
    expect(await closePostingsOf(app, id)).toBe(1);
  });
});

describe('closing by the client', () => {
  it('settles a gain: margin back to the balance, the gain trading_pnl → profit, history and notice', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'BTC/USD', 50_000);
    const position = await opened(client, { asset: 'BTC/USD', amount: '200.00', leverage: 5, type: 'buy' });
    // +2 % × 5 = +10 % of $200.00 = +$20.00.
    const exitTime = Date.now();
    tick(app, 'BTC/USD', 51_000, exitTime);
    const res = await closeOwn(client, position.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<TPositionAnswer>();
    expect(answer.message).toBe('Position closed');
    expect(answer.position).toMatchObject({
      status: 'closed',
      closeReason: 'client',
      exitPrice: 51_000,
      exitPriceTime: new Date(exitTime).toISOString(),
      profit: 20,
      loss: 0,
      isLoss: false,
    });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 100_000n, trading: 0n, profit: 2_000n });
    expect(await entriesOf(app, position.id, 'trading_pnl')).toBe(-2_000n);
    expect(await closePostingsOf(app, position.id)).toBe(1);
    expect((await positionRow(app, position.id)).closedBy).toBe(client.id);

    const history = await app.inject({
      method: 'GET',
      url: `/api/transaction/user/${client.id}`,
      headers: client.headers,
    });
    const record = history.json<z.infer<typeof ZTransactionPage>>().transactions.find((r) => r.id === position.id);
    expect(record).toMatchObject({ status: 'Completed', amount: 200, pnl: 20 });

    const [notice] = await messagesOf(app, client.id);
    expect(notice).toMatchObject({
      key: 'positionClosed',
      params: {
        pair: 'BTC/USD',
        amount: 200,
        leverage: 5,
        entryPrice: 50_000,
        exitPrice: 51_000,
        pnl: 20,
        returned: 200,
      },
      link: `/user/transaction/${position.id}`,
      subject: 'Position closed',
    });
    expect(notice?.message).toBe(
      'You closed your BTC/USD position of $200.00 at 1:5 at 51,000.00 (opened at 50,000.00). Result: +$20.00. ' +
        'Margin returned to your account balance: $200.00.',
    );
  });

  it('settles a loss: the loss trading → trading_pnl, the rest of the margin back to the balance', async () => {
    const client = await fundedClient(app, 500);
    tick(app, 'ETH/USD', 3_000);
    const position = await opened(client, { asset: 'ETH/USD', amount: '150.00', leverage: 2, type: 'sell' });
    // A sell with the price +3 %: −3 % × 2 = −6 % of $150.00 = −$9.00.
    tick(app, 'ETH/USD', 3_090);
    const res = await closeOwn(client, position.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPositionAnswer>().position).toMatchObject({ isLoss: true, loss: 9, profit: 0 });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 49_100n, trading: 0n, profit: 0n });
    expect(await entriesOf(app, position.id, 'trading_pnl')).toBe(900n);
    const [notice] = await messagesOf(app, client.id);
    expect(notice).toMatchObject({
      key: 'positionClosed',
      params: { pair: 'ETH/USD', amount: 150, leverage: 2, pnl: -9, returned: 141 },
    });
    expect(notice?.message).toContain('Result: -$9.00. Margin returned to your account balance: $141.00.');

    // A second close finds it closed.
    expectApiError(await closeOwn(client, position.id), 409, 'CONFLICT', messageText('errors.positionClosed'));
    expect(await closePostingsOf(app, position.id)).toBe(1);
  });

  it('is refused for another client’s position (404) and an unknown one', async () => {
    const owner = await fundedClient(app, 100);
    const other = await fundedClient(app, 100);
    tick(app, 'BTC/USD', 50_000);
    const position = await opened(owner, { asset: 'BTC/USD', amount: '10.00', leverage: 1, type: 'buy' });
    const res = await closeOwn(other, position.id);
    const body = expectApiError(res, 404, 'NOT_FOUND', messageText('errors.positionNotFound'));
    expect(JSON.stringify(body)).not.toContain(owner.id);
    expectApiError(await closeOwn(other, '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'), 404, 'NOT_FOUND');
    expect((await positionRow(app, position.id)).status).toBe('open');
    // Nor may another client read the owner's list.
    const list = await app.inject({ method: 'GET', url: `/api/position/user/${owner.id}`, headers: other.headers });
    expectApiError(list, 403, 'FORBIDDEN');
  });

  it('returns only what the trading account holds after an admin’s Clear Balance', async () => {
    const client = await fundedClient(app, 300);
    tick(app, 'BNB/USD', 600);
    const position = await opened(client, { asset: 'BNB/USD', amount: '100.00', leverage: 1, type: 'buy' });
    const cleared = await app.inject({
      method: 'POST',
      url: `/api/user/clear-balances/${client.id}`,
      headers: admin.headers,
      payload: { reason: 'Account review' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // +10 % of $100.00 = +$10.00: the gain is paid; no margin is left to return.
    tick(app, 'BNB/USD', 660);
    expect((await closeOwn(client, position.id)).statusCode).toBe(200);
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 0n, trading: 0n, profit: 1_000n });
    expect(await verifyLedger(app.db)).toMatchObject({ ok: true });
  });
});

describe('closing at market (admin)', () => {
  it('closes with the admin’s reason: audited, the client told the reason', async () => {
    const client = await fundedClient(app, 400);
    tick(app, 'EUR/USD', 1.085);
    const position = await opened(client, { asset: 'EUR/USD', amount: '250.00', leverage: 10, type: 'buy' });
    // +1 % × 10 = +10 % of $250.00 = +$25.00.
    tick(app, 'EUR/USD', 1.09585);
    expectApiError(
      await closeAtMarket(position.id, '  '),
      400,
      'VALIDATION',
      messageText('validation.closeReasonRequired'),
    );
    const res = await closeAtMarket(position.id, 'Risk review of the account');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<TPositionAnswer>();
    expect(answer.message).toBe('Position closed at market');
    expect(answer.position).toMatchObject({
      status: 'closed',
      closeReason: 'admin',
      closeNote: 'Risk review of the account',
      exitPrice: 1.09585,
      profit: 25,
      user: { id: client.id },
    });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 40_000n, trading: 0n, profit: 2_500n });

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'position.close'), eq(auditLog.entityId, position.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetUserId: client.id,
      reason: 'Risk review of the account',
      before: { status: 'Pending', amount: 250, balance: 150, tradingBalance: 250, profitBalance: 0 },
      after: { status: 'Completed', amount: 250, balance: 400, tradingBalance: 0, profitBalance: 25 },
    });
    expect((await positionRow(app, position.id)).closedBy).toBe(admin.id);

    const [notice] = await messagesOf(app, client.id);
    expect(notice).toMatchObject({
      key: 'positionClosedByDesk',
      params: {
        pair: 'EUR/USD',
        amount: 250,
        leverage: 10,
        pnl: 25,
        returned: 250,
        reason: 'Risk review of the account',
      },
      link: `/user/transaction/${position.id}`,
      senderId: admin.id,
      subject: 'Position closed by the trading desk',
    });
    expect(notice?.message).toContain('Result: +$25.00');
    expect(notice?.message).toContain('Reason: Risk review of the account');

    expectApiError(await closeAtMarket(position.id, 'Again'), 409, 'CONFLICT');
    expectApiError(await closeAtMarket('6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f', 'Nothing'), 404, 'NOT_FOUND');
    expect(await closePostingsOf(app, position.id)).toBe(1);
  });
});

describe('stale prices', () => {
  it('refuses opening and closing with a clear message, and expiry waits for a fresh price', async () => {
    const client = await fundedClient(app, 200);
    tick(app, 'XRP/USD', 0.6);
    const position = await opened(client, { asset: 'XRP/USD', amount: '20.00', leverage: 1, type: 'buy' });
    // The provider drops: the last price is stale until a new one arrives.
    app.market.status(['XRP/USD'], false);
    const stale = messageText('errors.priceStale', { pair: 'XRP/USD' });
    expectApiError(
      await open(client, { asset: 'XRP/USD', amount: '5.00', leverage: 1, type: 'buy' }),
      503,
      'UPSTREAM_UNAVAILABLE',
      stale,
    );
    expectApiError(await closeOwn(client, position.id), 503, 'UPSTREAM_UNAVAILABLE', stale);
    expectApiError(await closeAtMarket(position.id, 'Cleanup'), 503, 'UPSTREAM_UNAVAILABLE', stale);

    await app.db
      .update(positions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(positions.id, position.id));
    await app.jobs.runNow('positions');
    expect((await positionRow(app, position.id)).status).toBe('open');
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 18_000n, trading: 2_000n });

    // The first fresh price after: the expiry closes it at that price (+5 % of $20.00 = +$1.00).
    tick(app, 'XRP/USD', 0.63);
    await app.jobs.runNow('positions');
    const row = await positionRow(app, position.id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'expired', exitPrice: 0.63, pnl: 100n });
  });
});

describe('expiry', () => {
  it('closes a position whose expiration has come at the current price, once', async () => {
    const client = await fundedClient(app, 500);
    tick(app, 'GBP/USD', 1.27);
    const position = await opened(client, { asset: 'GBP/USD', amount: '123.45', leverage: 2, type: 'sell' });
    const later = await opened(client, { asset: 'GBP/USD', amount: '10.00', leverage: 2, type: 'sell' });
    await app.db
      .update(positions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(positions.id, position.id));
    // A sell with GBP 1.27000 → 1.26873 (−0.1 %): +0.1 % × 2 of $123.45 = 24.69¢ → 25¢.
    const exitTime = Date.now();
    tick(app, 'GBP/USD', 1.26873, exitTime);
    expect(await app.jobs.runNow('positions')).toBe(1);
    expect(await app.jobs.runNow('positions')).toBe(0);
    expect(await positionRow(app, position.id)).toMatchObject({
      status: 'closed',
      closeReason: 'expired',
      exitPrice: 1.26873,
      exitPriceTime: new Date(exitTime),
      pnl: 25n,
      closedBy: null,
    });
    expect((await positionRow(app, later.id)).status).toBe('open');
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 49_000n, trading: 1_000n, profit: 25n });
    const [notice] = await messagesOf(app, client.id);
    expect(notice).toMatchObject({
      key: 'positionExpired',
      params: { pair: 'GBP/USD', amount: 123.45, exitPrice: 1.26873, pnl: 0.25, returned: 123.45 },
      link: `/user/transaction/${position.id}`,
      senderId: null,
    });
    expect(notice?.message).toContain('reached its expiration and was closed at 1.26873');
    expect(await closePostingsOf(app, position.id)).toBe(1);
  });
});

describe('stop-out', () => {
  it('closes on the tick that crosses the stop-out price, the loss capped at the margin', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'AUD/USD', 0.66);
    const buy = await opened(client, { asset: 'AUD/USD', amount: '100.00', leverage: 10, type: 'buy' });
    const sell = await opened(client, { asset: 'AUD/USD', amount: '50.00', leverage: 5, type: 'sell' });
    const unleveraged = await opened(client, { asset: 'AUD/USD', amount: '10.00', leverage: 1, type: 'buy' });
    expect(buy.stopOutPrice).toBe(0.594);
    expect(sell.stopOutPrice).toBe(0.792);
    expect(unleveraged.stopOutPrice).toBeNull();

    // Near the stop, not through it: nothing closes.
    tick(app, 'AUD/USD', 0.59401);
    await app.exits.settled();
    expect((await positionRow(app, buy.id)).status).toBe('open');

    // Through it: the buy closes at that tick's price; −10.1515… % × 10 is past the margin: −$100.00.
    const crossing = Date.now();
    tick(app, 'AUD/USD', 0.5933, crossing);
    await until(async () => (await positionRow(app, buy.id)).status === 'closed');
    expect(await positionRow(app, buy.id)).toMatchObject({
      closeReason: 'stop_out',
      exitPrice: 0.5933,
      exitPriceTime: new Date(crossing),
      pnl: -10_000n,
      closedBy: null,
    });
    expect(await entriesOf(app, buy.id, 'trading_pnl')).toBe(10_000n);
    expect(app.exits.stats().settled).toBeGreaterThanOrEqual(1);

    // The sell stops out when the price rises to its stop: +20 % × 5 = the whole $50.00.
    tick(app, 'AUD/USD', 0.792);
    await until(async () => (await positionRow(app, sell.id)).status === 'closed');
    expect(await positionRow(app, sell.id)).toMatchObject({ closeReason: 'stop_out', pnl: -5_000n });
    // The 1:1 buy has no stop-out: it stays open whatever the price.
    tick(app, 'AUD/USD', 0.00001);
    await app.exits.settled();
    expect((await positionRow(app, unleveraged.id)).status).toBe('open');

    // $1,000.00 − $100.00 − $50.00 − $10.00 opened; both stopped-out margins lost.
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 84_000n, trading: 1_000n, profit: 0n });
    const [notice] = await messagesOf(app, client.id);
    expect(notice).toMatchObject({
      key: 'positionStoppedOut',
      params: { pair: 'AUD/USD', amount: 50, leverage: 5, pnl: -50, returned: 0 },
      link: `/user/transaction/${sell.id}`,
    });
    expect(notice?.message).toContain('because its loss reached its margin (stop-out)');
    expect(await closePostingsOf(app, buy.id)).toBe(1);
    expect(await closePostingsOf(app, sell.id)).toBe(1);
    tick(app, 'AUD/USD', 0.66);
  });

  it('covers positions opened by another server once its index is re-synced', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'USD/CHF', 0.9);
    const position = await opened(client, { asset: 'USD/CHF', amount: '30.00', leverage: 2, type: 'buy' });
    // As if another server had opened it: this server's index does not know it …
    app.exits.forget([position.id]);
    tick(app, 'USD/CHF', 0.44);
    await app.exits.settled();
    expect((await positionRow(app, position.id)).status).toBe('open');
    // … until the positions job re-syncs it from the database, which also checks the current price.
    await app.jobs.runNow('positions');
    await until(async () => (await positionRow(app, position.id)).status === 'closed');
    expect(await positionRow(app, position.id)).toMatchObject({
      closeReason: 'stop_out',
      exitPrice: 0.44,
      pnl: -3_000n,
    });
  });

  it('acts only on fresh quotes', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'USD/JPY', 150);
    const position = await opened(client, { asset: 'USD/JPY', amount: '40.00', leverage: 10, type: 'sell' });
    // A second market whose only price of USD/JPY is already stale when it arrives, watched by a
    // monitor of its own on the same database: the crossing price is not acted on.
    const market = new MarketData({ feed: new SimulatedFeed({ intervalMs: 0 }), staleAfterMs: 10_000 });
    const monitor = new ExitMonitor(app.db, market, app.log, app.mail);
    await monitor.start();
    try {
      market.ticks([{ pair: 'USD/JPY', bid: 200, ask: 200, time: Date.now() - 60_000, source: 'simulated' }]);
      await monitor.settled();
      expect((await positionRow(app, position.id)).status).toBe('open');
      // The same price, fresh: closed.
      market.ticks([{ pair: 'USD/JPY', bid: 200, ask: 200, time: Date.now(), source: 'simulated' }]);
      await until(async () => (await positionRow(app, position.id)).status === 'closed');
      expect(await positionRow(app, position.id)).toMatchObject({ closeReason: 'stop_out', exitPrice: 200 });
    } finally {
      await monitor.stop();
      await market.stop();
    }
  });
});

describe('one position', () => {
  const read = (caller: { headers: Record<string, string> }, id: string) =>
    app.inject({ method: 'GET', url: `/api/position/${id}`, headers: caller.headers });

  it('gives the client their open position with its terms, prices and stop-out', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'ETH/USD', 3_000);
    const position = await opened(client, { asset: 'ETH/USD', amount: '250.00', leverage: 5, type: 'sell' });
    const res = await read(client, position.id);
    expect(res.statusCode, res.body).toBe(200);
    // The same position its opening answered.
    expect(res.json()).toEqual(position);
    expect(res.json()).toMatchObject({
      id: position.id,
      asset: 'ETH/USD',
      type: 'sell',
      amount: 250,
      leverage: 5,
      status: 'open',
      entryPrice: 3_000,
      // A sell at 1:5 loses its margin 20 % above its entry.
      stopOutPrice: 3_600,
      exitPrice: null,
      closeReason: null,
      closedAt: null,
    });
    expect(res.json().user).toBeUndefined();
  });

  it('after it closes, gives its exit price and time, why it closed and its result', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'BTC/USD', 40_000);
    const position = await opened(client, { asset: 'BTC/USD', amount: '100.00', leverage: 10, type: 'buy' });
    // −1.5 % × 10 = −15 % of $100.00 = −$15.00.
    const exitTime = Date.now();
    tick(app, 'BTC/USD', 39_400, exitTime);
    expect((await closeOwn(client, position.id)).statusCode).toBe(200);
    const res = await read(client, position.id);
    expect(res.statusCode, res.body).toBe(200);
    const closed = res.json<TPosition>();
    expect(closed).toMatchObject({
      status: 'closed',
      entryPrice: 40_000,
      stopOutPrice: 36_000,
      exitPrice: 39_400,
      exitPriceTime: new Date(exitTime).toISOString(),
      closeReason: 'client',
      closeNote: null,
      isLoss: true,
      loss: 15,
      profit: 0,
    });
    expect(Date.parse(closed.closedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(closed.createdAt));

    // Closed at market by an admin: the reason the client reads is on it too.
    tick(app, 'BTC/USD', 40_000);
    const other = await opened(client, { asset: 'BTC/USD', amount: '50.00', leverage: 2, type: 'buy' });
    tick(app, 'BTC/USD', 41_000);
    expect((await closeAtMarket(other.id, 'Risk review of this account')).statusCode).toBe(200);
    expect((await read(client, other.id)).json<TPosition>()).toMatchObject({
      closeReason: 'admin',
      closeNote: 'Risk review of this account',
      exitPrice: 41_000,
      isLoss: false,
      // +2.5 % × 2 = +5 % of $50.00 = +$2.50.
      profit: 2.5,
    });
  });

  it('is another client’s: 404 as if it did not exist, naming nothing of it; an admin reads it with its client', async () => {
    const owner = await fundedClient(app, 100);
    const other = await fundedClient(app, 100);
    tick(app, 'SOL/USD', 150);
    const position = await opened(owner, { asset: 'SOL/USD', amount: '20.00', leverage: 2, type: 'buy' });

    const body = expectApiError(
      await read(other, position.id),
      404,
      'NOT_FOUND',
      messageText('errors.positionNotFound'),
    );
    expect(JSON.stringify(body)).not.toContain(owner.id);
    expect(JSON.stringify(body)).not.toContain('SOL/USD');
    expectApiError(await read(owner, '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'), 404, 'NOT_FOUND');
    expectApiError(await read(owner, 'not-an-id'), 400, 'VALIDATION');

    const asAdmin = await read(admin, position.id);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json<TPosition>()).toMatchObject({ id: position.id, userId: owner.id, user: { id: owner.id } });
  });
});

describe('lists', () => {
  it('gives the client their positions newest first, paged, with the summary over all of them', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'BTC/USD', 50_000);
    const gain = await opened(client, { asset: 'BTC/USD', amount: '200.00', leverage: 5, type: 'buy' });
    tick(app, 'ETH/USD', 3_000);
    const loss = await opened(client, { asset: 'ETH/USD', amount: '150.00', leverage: 2, type: 'sell' });
    tick(app, 'BTC/USD', 51_000);
    tick(app, 'ETH/USD', 3_090);
    await closeOwn(client, gain.id);
    await closeOwn(client, loss.id);
    tick(app, 'SOL/USD', 150);
    for (let i = 0; i < 10; i++) await opened(client, { asset: 'SOL/USD', amount: '1.00', leverage: 1, type: 'buy' });

    const first = await listOf(client);
    expect(first.positions).toHaveLength(10);
    expect(first.totalPage).toBe(2);
    // Gain $20.00, loss $9.00 (worked out in the close tests above), 10 open on a third pair.
    expect(first.summary).toEqual({ tradingPairs: 3, totalProfit: 20, totalLoss: 9, netPnl: 11, open: 10 });
    const second = await listOf(client, '?page=2');
    expect(second.positions.map((p) => p.id)).toEqual([loss.id, gain.id]);
    const times = [...first.positions, ...second.positions].map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.positions[0]?.user).toBeUndefined();

    // An admin reads any client's list.
    const asAdmin = await app.inject({ method: 'GET', url: `/api/position/user/${client.id}`, headers: admin.headers });
    expect(asAdmin.json<TPositionList>().summary?.netPnl).toBe(11);
  });

  it('gives an admin every position, open first then newest, each with its client', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/position?limit=100', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TPositionList>().positions;
    expect(list.length).toBeGreaterThan(10);
    const firstClosed = list.findIndex((p) => p.status === 'closed');
    expect(firstClosed).toBeGreaterThan(0);
    expect(list.slice(firstClosed).every((p) => p.status === 'closed')).toBe(true);
    for (const group of [list.slice(0, firstClosed), list.slice(firstClosed)]) {
      const times = group.map((p) => Date.parse(p.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect(list[0]?.user).toMatchObject({ firstname: 'Client', lastname: 'Tester' });
    expect(list[0]?.user?.username).toMatch(/^client_/);
  });
});
