import type { TEquity } from '@meridian/contracts/balances';
import { messageText, type TMessageKey } from '@meridian/contracts/messages';
import { MAX_PENDING_ORDERS } from '@meridian/contracts/order-terms';
import type { TOrder, TOrderAnswer, TOrderList } from '@meridian/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import type { TSignedIn } from '../../../../test/helpers/factories.ts';
import { entriesOf, postingsOf } from '../../../../test/helpers/ledger-trail.ts';
import { noticeOf } from '../../../../test/helpers/notices.ts';
import { mailsTo } from '../../../../test/helpers/outbox.ts';
import { balancesOf } from '../../../../test/helpers/payout-fixtures.ts';
import { positionRow, tick, until } from '../../../../test/helpers/position-fixtures.ts';
import { fundedClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { orders } from '../../../db/schema/trading.ts';
import { expireDueOrders } from './orders.service.ts';

/**
 * Pending orders through the API (docs/money.md, "Pending orders"): placed with the margin held
 * balance → trading, checked against the current price; filled on the tick that reaches the level,
 * opening the position at that tick's price with the order's terms and no second posting; changed
 * and cancelled by their client; expired at their good-until time; each ending exactly once with the
 * margin back where it belongs. Prices arrive through the market's own sink, as a feed delivers them.
 */

// No simulated ticks (this file is the market) and no timed job runs (the tests run the job).
const { t, app, admin } = await buildSignedInApp(['Admin'], { MARKET_TICK_MS: 0, JOBS_INTERVAL_MS: 86_400_000 });
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

const place = (client: TSignedIn, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: client.headers,
    payload: { amount: '100.00', leverage: 10, expiration: null, goodUntil: null, ...body },
  });

async function placed(client: TSignedIn, body: Record<string, unknown>): Promise<TOrder> {
  const res = await place(client, body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json<TOrderAnswer>().message).toBe(messageText('orders.placed'));
  return res.json<TOrderAnswer>().order;
}

const edit = (client: TSignedIn, id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/orders/${id}`, headers: client.headers, payload });
const cancel = (client: TSignedIn, id: string) =>
  app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: client.headers });
const list = async (client: TSignedIn, state: 'pending' | 'done') => {
  const res = await app.inject({ method: 'GET', url: `/api/orders?state=${state}`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TOrderList>();
};
const orderRow = async (id: string) => {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
};

function expectRefused(res: Awaited<ReturnType<typeof place>>, field: string, key: TMessageKey) {
  const body = expectApiError(res, 422, 'VALIDATION', messageText(key));
  expect(body.fieldErrors).toEqual({ [field]: messageText(key) });
}

describe('placing an order', () => {
  it('holds the margin balance → trading, lists it and counts it in the equity', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'ETH/USD', 3_000);
    const order = await placed(client, {
      asset: 'ETH/USD',
      type: 'buy',
      kind: 'limit',
      price: 2_900,
      takeProfit: 3_100,
      stopLoss: 2_850,
    });
    expect(order).toMatchObject({
      asset: 'ETH/USD',
      type: 'buy',
      kind: 'limit',
      price: 2_900,
      amount: 100,
      leverage: 10,
      takeProfit: 3_100,
      stopLoss: 2_850,
      goodUntil: null,
      status: 'pending',
      fillPrice: null,
      positionId: null,
    });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 90_000n, trading: 10_000n });
    expect(await postingsOf(app, order.id, 'order.place')).toBe(1);
    expect((await list(client, 'pending')).orders.map((o) => o.id)).toEqual([order.id]);
    expect((await list(client, 'done')).orders).toEqual([]);
    const equity = await app.inject({ method: 'GET', url: `/api/equity/${client.id}`, headers: client.headers });
    expect(equity.json<TEquity>()).toMatchObject({ orders: 100, tradingDifference: 0, equity: 1_000 });
  });

  it('refuses a level already reached, levels that do not suit it, a past good-until and too little money, each on its field', async () => {
    const client = await fundedClient(app, 150);
    tick(app, 'GBP/USD', 1.25);
    const buyLimit = { asset: 'GBP/USD', type: 'buy', kind: 'limit' };
    const sellLimit = { asset: 'GBP/USD', type: 'sell', kind: 'limit' };
    const buyStop = { asset: 'GBP/USD', type: 'buy', kind: 'stop' };
    const sellStop = { asset: 'GBP/USD', type: 'sell', kind: 'stop' };
    expectRefused(await place(client, { ...buyLimit, price: 1.25 }), 'price', 'validation.orderPriceBelowMarket');
    expectRefused(await place(client, { ...sellStop, price: 1.26 }), 'price', 'validation.orderPriceBelowMarket');
    expectRefused(await place(client, { ...sellLimit, price: 1.24 }), 'price', 'validation.orderPriceAboveMarket');
    expectRefused(await place(client, { ...buyStop, price: 1.25 }), 'price', 'validation.orderPriceAboveMarket');
    // Take-profit and stop-loss against the level (1.2), not the price: the buy's stop-out at 1:10 is 1.08.
    expectRefused(
      await place(client, { ...buyLimit, price: 1.2, takeProfit: 1.2 }),
      'takeProfit',
      'validation.takeProfitBuy',
    );
    expectRefused(
      await place(client, { ...buyLimit, price: 1.2, stopLoss: 1.21 }),
      'stopLoss',
      'validation.stopLossBuy',
    );
    expectRefused(
      await place(client, { ...buyLimit, price: 1.2, stopLoss: 1.08 }),
      'stopLoss',
      'validation.stopLossPastStopOut',
    );
    expectRefused(
      await place(client, { ...buyLimit, price: 1.2, goodUntil: new Date(Date.now() - 1_000).toISOString() }),
      'goodUntil',
      'validation.goodUntilPast',
    );
    expectRefused(
      await place(client, {
        ...buyLimit,
        price: 1.2,
        goodUntil: new Date(Date.now() + 400 * 86_400_000).toISOString(),
      }),
      'goodUntil',
      'validation.goodUntilTooFar',
    );
    const short = await place(client, { ...buyLimit, price: 1.2, amount: '150.01' });
    expect(expectApiError(short, 422, 'INSUFFICIENT_FUNDS').fieldErrors).toEqual({
      amount: messageText('errors.insufficientBalance'),
    });
    // Malformed: 400 on the field.
    expectApiError(
      await place(client, { ...buyLimit, price: 1.2000001 }),
      400,
      'VALIDATION',
      messageText('validation.priceDecimals'),
    );
    expectApiError(
      await place(client, { ...buyLimit, kind: 'market', price: 1.2 }),
      400,
      'VALIDATION',
      messageText('validation.orderKindRequired'),
    );
    expectApiError(
      await place(client, { ...buyLimit, price: undefined }),
      400,
      'VALIDATION',
      messageText('validation.orderPriceRequired'),
    );
    // Nothing placed, nothing moved.
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 15_000n, trading: 0n });
    expect((await list(client, 'pending')).orders).toEqual([]);
  });

  it(`refuses the ${MAX_PENDING_ORDERS + 1}th pending order of a client, holding nothing for it`, async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'BTC/USD', 60_000);
    for (let i = 0; i < MAX_PENDING_ORDERS; i++)
      await placed(client, {
        asset: 'BTC/USD',
        type: 'buy',
        kind: 'limit',
        price: 50_000 - i,
        amount: '1.00',
        leverage: 1,
      });
    const res = await place(client, { asset: 'BTC/USD', type: 'buy', kind: 'limit', price: 40_000, amount: '1.00' });
    expectApiError(res, 422, 'VALIDATION', messageText('validation.orderLimit', { max: MAX_PENDING_ORDERS }));
    expect(await balancesOf(app.db, client.id)).toMatchObject({ trading: BigInt(MAX_PENDING_ORDERS * 100) });
  });

  it('refuses on a stale price (503) and answers nothing of an admin (403)', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'USD/CHF', 0.88);
    // The provider drops: the last price is stale until a new one arrives.
    app.market.status(['USD/CHF'], false);
    const res = await place(client, { asset: 'USD/CHF', type: 'buy', kind: 'limit', price: 0.8 });
    expectApiError(res, 503, 'UPSTREAM_UNAVAILABLE', messageText('errors.priceStale', { pair: 'USD/CHF' }));
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 10_000n, trading: 0n });
    const byAdmin = await app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('an order filled', () => {
  it('opens the position on the tick that reaches the level, at that tick’s price, with the order’s terms', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'SOL/USD', 150);
    const order = await placed(client, {
      asset: 'SOL/USD',
      type: 'sell',
      kind: 'limit',
      price: 155,
      expiration: 60,
      takeProfit: 140,
      stopLoss: 160,
    });
    tick(app, 'SOL/USD', 154.99);
    await app.orders.settled();
    expect((await orderRow(order.id)).status).toBe('pending');

    const reaching = Date.now();
    tick(app, 'SOL/USD', 155.2, reaching);
    await until(async () => (await orderRow(order.id)).status === 'filled');
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ fillPrice: 155.2, fillPriceTime: new Date(reaching) });
    const position = await positionRow(app, row.positionId as string);
    expect(position).toMatchObject({
      userId: client.id,
      pair: 'SOL/USD',
      type: 'sell',
      status: 'open',
      margin: 10_000n,
      leverage: 10,
      entryPrice: 155.2,
      entryPriceTime: new Date(reaching),
      stopOutPrice: 170.72,
      takeProfit: 140,
      stopLoss: 160,
      expirationMinutes: 60,
    });
    // The margin held since placement is the position's: no second posting, balances unchanged.
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 90_000n, trading: 10_000n });
    expect(await postingsOf(app, position.id, 'position.open')).toBe(0);
    expect(await noticeOf(app, client.id, 'orderFilled')).toMatchObject({
      params: { pair: 'SOL/USD', level: 155, fillPrice: 155.2, amount: 100, leverage: 10 },
      link: `/user/transaction/${position.id}`,
    });
    expect(await mailsTo(app, client.email, ['Order filled: SOL/USD'])).toHaveLength(1);
    const done = await list(client, 'done');
    expect(done.orders[0]).toMatchObject({ id: order.id, status: 'filled', fillPrice: 155.2, positionId: position.id });

    // The position lives on as any other: its take-profit closes it.
    tick(app, 'SOL/USD', 139);
    await until(async () => (await positionRow(app, position.id)).status === 'closed');
    expect(await positionRow(app, position.id)).toMatchObject({ closeReason: 'take_profit', exitPrice: 139 });
  });

  it('fills a stop order when the market moves through its level', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'XRP/USD', 0.5);
    const order = await placed(client, { asset: 'XRP/USD', type: 'buy', kind: 'stop', price: 0.55 });
    tick(app, 'XRP/USD', 0.56);
    await until(async () => (await orderRow(order.id)).status === 'filled');
    expect(await positionRow(app, (await orderRow(order.id)).positionId as string)).toMatchObject({
      type: 'buy',
      entryPrice: 0.56,
    });
  });

  it('closes at once a position whose stop-loss the filling tick has already passed (a gap)', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'AUD/USD', 0.66);
    const order = await placed(client, { asset: 'AUD/USD', type: 'buy', kind: 'limit', price: 0.65, stopLoss: 0.64 });
    tick(app, 'AUD/USD', 0.635);
    await until(async () => (await orderRow(order.id)).status === 'filled');
    const id = (await orderRow(order.id)).positionId as string;
    await until(async () => (await positionRow(app, id)).status === 'closed');
    expect(await positionRow(app, id)).toMatchObject({
      entryPrice: 0.635,
      exitPrice: 0.635,
      closeReason: 'stop_loss',
      pnl: 0n,
    });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 100_000n, trading: 0n });
  });
});

describe('changing and cancelling', () => {
  it('moves the level (the old one fills nothing, the new one does) and refuses a change once filled', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'USD/JPY', 150);
    const order = await placed(client, { asset: 'USD/JPY', type: 'buy', kind: 'limit', price: 149 });
    const moved = await edit(client, order.id, { price: 148, takeProfit: 152, stopLoss: null, goodUntil: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TOrderAnswer>()).toMatchObject({
      message: messageText('orders.updated'),
      order: { price: 148, takeProfit: 152 },
    });
    expectRefused(
      await edit(client, order.id, { price: 151, takeProfit: null, stopLoss: null, goodUntil: null }),
      'price',
      'validation.orderPriceBelowMarket',
    );
    tick(app, 'USD/JPY', 148.5);
    await app.orders.settled();
    expect((await orderRow(order.id)).status).toBe('pending');
    tick(app, 'USD/JPY', 148);
    await until(async () => (await orderRow(order.id)).status === 'filled');
    const refused = await edit(client, order.id, { price: 140, takeProfit: null, stopLoss: null, goodUntil: null });
    expectApiError(refused, 409, 'CONFLICT', messageText('errors.orderNotPending'));
    expectApiError(await cancel(client, order.id), 409, 'CONFLICT', messageText('errors.orderNotPending'));
  });

  it('cancels: the margin comes back once, another client’s order is not found', async () => {
    const client = await fundedClient(app, 1_000);
    const other = await fundedClient(app, 0);
    tick(app, 'EUR/USD', 1.1);
    const order = await placed(client, { asset: 'EUR/USD', type: 'sell', kind: 'stop', price: 1.09 });
    expectApiError(await cancel(other, order.id), 404, 'NOT_FOUND', messageText('errors.orderNotFound'));
    expectApiError(
      await edit(other, order.id, { price: 1.08, takeProfit: null, stopLoss: null, goodUntil: null }),
      404,
      'NOT_FOUND',
    );
    const res = await cancel(client, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOrderAnswer>()).toMatchObject({
      message: messageText('orders.cancelled'),
      order: { status: 'cancelled' },
    });
    expectApiError(await cancel(client, order.id), 409, 'CONFLICT');
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 100_000n, trading: 0n });
    expect(await postingsOf(app, order.id, 'order.cancel')).toBe(1);
    expect(await entriesOf(app, order.id, 'balance')).toBe(0n);
    // Cancelled: the level no longer fills anything.
    tick(app, 'EUR/USD', 1.08);
    await app.orders.settled();
    expect((await orderRow(order.id)).status).toBe('cancelled');
  });
});

describe('expiry', () => {
  it('expires an order at its good-until time: margin back, client told, once', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'BNB/USD', 600);
    const goodUntil = new Date(Date.now() + 60_000);
    const order = await placed(client, {
      asset: 'BNB/USD',
      type: 'buy',
      kind: 'limit',
      price: 500,
      goodUntil: goodUntil.toISOString(),
    });
    expect(order.goodUntil).toBe(goodUntil.toISOString());
    expect(await expireDueOrders(app.db, app.mail, { now: new Date() })).not.toContain(order.id);
    const later = new Date(goodUntil.getTime() + 1);
    expect(await expireDueOrders(app.db, app.mail, { now: later })).toEqual([order.id]);
    expect(await expireDueOrders(app.db, app.mail, { now: later })).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'expired', endedAt: later });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 100_000n, trading: 0n });
    expect(await postingsOf(app, order.id, 'order.expire')).toBe(1);
    expect(await noticeOf(app, client.id, 'orderExpired')).toMatchObject({
      params: { pair: 'BNB/USD', level: 500, amount: 100 },
      link: '/user/orders',
    });
    expect(await mailsTo(app, client.email, ['Order expired: BNB/USD'])).toHaveLength(1);
  });
});

describe('the desk', () => {
  it('sees every client’s pending orders with their client', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'ETH/USD', 3_000);
    const order = await placed(client, { asset: 'ETH/USD', type: 'sell', kind: 'limit', price: 3_500 });
    const res = await app.inject({ method: 'GET', url: '/api/orders/all?limit=100', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<TOrderList>().orders.find((o) => o.id === order.id);
    expect(found).toMatchObject({ status: 'pending', user: { id: client.id, email: client.email } });
  });
});
