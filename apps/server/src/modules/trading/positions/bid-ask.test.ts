import type { TEquity } from '@meridian/contracts/balances';
import type { TPair } from '@meridian/contracts/market';
import { messageText } from '@meridian/contracts/messages';
import type { TOrder, TOrderAnswer } from '@meridian/contracts/orders';
import type { TPosition, TPositionAnswer, TTradingTerms } from '@meridian/contracts/positions';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import type { TSignedIn } from '../../../../test/helpers/factories.ts';
import { entriesOf, postingsOf } from '../../../../test/helpers/ledger-trail.ts';
import { noticesOf } from '../../../../test/helpers/notices.ts';
import { balancesOf } from '../../../../test/helpers/payout-fixtures.ts';
import { commissionRates, positionRow } from '../../../../test/helpers/position-fixtures.ts';
import { fundedClient } from '../../../../test/helpers/withdrawal-fixtures.ts';

/**
 * Bid and ask (docs/money.md, "Bid and ask"): a buy opens at the ask and closes at the bid, a sell
 * the reverse; its result, take-profit, stop-loss and stop-out are measured at its closing side, and
 * an order watches and fills on its opening side. BTC/USD carries a commission of 10 basis points
 * of the exposure, charged when a position opens (held with an order's margin until it fills); ETH/USD
 * none. Prices arrive through the market's own sink with a spread.
 */

const { t, app } = await buildSignedInApp(['Admin'], {
  MARKET_TICK_MS: 0,
  JOBS_INTERVAL_MS: 86_400_000,
  COMMISSION_BPS: commissionRates({ 'BTC/USD': 10 }),
});
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

/** A price for `pair` arrives now with this bid and ask. */
function quote(pair: TPair, bid: number, ask: number): void {
  app.market.ticks([{ pair, bid, ask, time: Date.now(), source: 'simulated' }]);
}

async function open(client: TSignedIn, body: Record<string, unknown>): Promise<TPosition> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/position',
    headers: client.headers,
    payload: { userId: client.id, expiration: null, amount: '100.00', leverage: 10, type: 'buy', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPositionAnswer>().position;
}

async function close(client: TSignedIn, id: string): Promise<TPosition> {
  const res = await app.inject({ method: 'POST', url: `/api/position/${id}/close`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPositionAnswer>().position;
}

async function place(client: TSignedIn, body: Record<string, unknown>): Promise<TOrder> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: client.headers,
    payload: { amount: '100.00', leverage: 10, expiration: null, goodUntil: null, kind: 'limit', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TOrderAnswer>().order;
}

async function equity(client: TSignedIn): Promise<TEquity> {
  const res = await app.inject({ method: 'GET', url: `/api/equity/${client.id}`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TEquity>();
}

describe('opening and closing on the sides of the quote', () => {
  it('opens a buy at the ask and closes it at the bid; a sell the reverse; each keeps the spread', async () => {
    const client = await fundedClient(app, 1_000);
    quote('ETH/USD', 2_999, 3_001);
    const buy = await open(client, { asset: 'ETH/USD', type: 'buy' });
    const sell = await open(client, { asset: 'ETH/USD', type: 'sell' });
    expect(buy).toMatchObject({ entryPrice: 3_001, spread: 2, commission: 0 });
    expect(sell).toMatchObject({ entryPrice: 2_999, spread: 2, commission: 0 });

    // Unchanged quote: each has lost the spread, 2 / its entry × $1,000 of exposure.
    const valued = await equity(client);
    const byId = new Map(valued.positions.map((p) => [p.id, p]));
    expect(byId.get(buy.id)).toMatchObject({ price: 2_999, unrealisedPnl: -0.67 });
    expect(byId.get(sell.id)).toMatchObject({ price: 3_001, unrealisedPnl: -0.67 });

    quote('ETH/USD', 3_029, 3_031);
    // The buy sells at the bid: (3,029 − 3,001) / 3,001 × $1,000 = $9.33.
    expect(await close(client, buy.id)).toMatchObject({ exitPrice: 3_029, profit: 9.33, isLoss: false });
    // The sell buys back at the ask: (2,999 − 3,031) / 2,999 × $1,000 = −$10.67.
    expect(await close(client, sell.id)).toMatchObject({ exitPrice: 3_031, loss: 10.67, isLoss: true });
    expect(await balancesOf(app.db, client.id)).toMatchObject({
      balance: 1_000_00n - 10_67n,
      profit: 9_33n,
      trading: 0n,
    });
  });

  it('checks take-profit and stop-loss against the side a close takes', async () => {
    const client = await fundedClient(app, 200);
    quote('ETH/USD', 2_990, 3_010);
    // A buy closes at the bid (2,990): a take-profit at 3,000 is above it, though below the ask.
    const buy = await open(client, { asset: 'ETH/USD', type: 'buy', takeProfit: 3_000 });
    expect(buy.takeProfit).toBe(3_000);
    // A sell closes at the ask (3,010): a stop-loss at 3,005 is already reached there.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/position',
      headers: client.headers,
      payload: {
        userId: client.id,
        expiration: null,
        amount: '50.00',
        leverage: 10,
        type: 'sell',
        asset: 'ETH/USD',
        stopLoss: 3_005,
      },
    });
    expect(expectApiError(refused, 422, 'VALIDATION').fieldErrors).toEqual({
      stopLoss: messageText('validation.stopLossSell'),
    });
  });

  it('closes at a take-profit when the bid reaches it, not the ask; a sell’s stop-loss when the ask does', async () => {
    const client = await fundedClient(app, 200);
    quote('ETH/USD', 2_999, 3_001);
    const buy = await open(client, { asset: 'ETH/USD', type: 'buy', takeProfit: 3_050 });
    const sell = await open(client, { asset: 'ETH/USD', type: 'sell', stopLoss: 3_050 });

    // The ask passes 3,050, the bid does not: the buy stays open; the sell's stop-loss is reached.
    quote('ETH/USD', 3_045, 3_055);
    await app.exits.settled();
    expect((await positionRow(app, buy.id)).status).toBe('open');
    expect(await positionRow(app, sell.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      exitPrice: 3_055,
    });

    quote('ETH/USD', 3_051, 3_061);
    await app.exits.settled();
    expect(await positionRow(app, buy.id)).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      exitPrice: 3_051,
    });
  });

  it('stops a buy out when the bid reaches its stop-out', async () => {
    const client = await fundedClient(app, 100);
    quote('ETH/USD', 2_990, 3_000);
    const buy = await open(client, { asset: 'ETH/USD', type: 'buy' });
    // 1:10 from the ask, 3,000: the stop-out is 2,700 (at the mid of 2,995 it would be 2,695.5).
    expect(buy.stopOutPrice).toBe(2_700);
    quote('ETH/USD', 2_701, 2_702);
    await app.exits.settled();
    expect((await positionRow(app, buy.id)).status).toBe('open');
    quote('ETH/USD', 2_700, 2_710);
    await app.exits.settled();
    expect(await positionRow(app, buy.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_out',
      exitPrice: 2_700,
    });
  });
});

describe('commission', () => {
  it('is told to the client with the margin levels, per pair', async () => {
    const client = await fundedClient(app, 10);
    const res = await app.inject({ method: 'GET', url: '/api/trading-terms', headers: client.headers });
    expect(res.statusCode, res.body).toBe(200);
    const terms = res.json<TTradingTerms>();
    expect(terms.commissionBps).toMatchObject({ 'BTC/USD': 10, 'ETH/USD': 0 });
    expect(terms).toMatchObject({ marginCallLevel: 100, closeOutLevel: 50 });
  });

  it('is charged from the balance when a position opens, kept on it, and paid to the platform', async () => {
    const client = await fundedClient(app, 200);
    quote('BTC/USD', 60_000, 60_010);
    // 10 bp of $100 × 10 = $1.00.
    const position = await open(client, { asset: 'BTC/USD', type: 'buy' });
    expect(position).toMatchObject({ entryPrice: 60_010, spread: 10, commission: 1 });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 200_00n - 100_00n - 1_00n, trading: 100_00n });
    expect(await postingsOf(app, position.id, 'position.commission')).toBe(1);
    expect(await entriesOf(app, position.id, 'commissions')).toBe(1_00n);

    // Closing charges nothing more: the result is the price's alone.
    quote('BTC/USD', 60_010, 60_020);
    expect(await close(client, position.id)).toMatchObject({ profit: 0, loss: 0 });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 199_00n, trading: 0n, profit: 0n });
  });

  it('counts with the margin against the balance: what is not there is refused on the amount', async () => {
    const client = await fundedClient(app, 100);
    quote('BTC/USD', 60_000, 60_010);
    const res = await app.inject({
      method: 'POST',
      url: '/api/position',
      headers: client.headers,
      payload: { userId: client.id, expiration: null, amount: '100.00', leverage: 10, type: 'buy', asset: 'BTC/USD' },
    });
    expect(expectApiError(res, 422, 'INSUFFICIENT_FUNDS').fieldErrors).toEqual({
      amount: messageText('errors.insufficientBalance'),
    });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 100_00n, trading: 0n });
  });

  it('of an order is held with its margin, charged when it fills and given back when it is cancelled', async () => {
    const client = await fundedClient(app, 300);
    quote('BTC/USD', 60_000, 60_010);
    // A buy limit watches the ask.
    const filling = await place(client, { asset: 'BTC/USD', type: 'buy', price: 59_000 });
    const cancelled = await place(client, { asset: 'BTC/USD', type: 'buy', price: 58_000 });
    expect(filling.commission).toBe(1);
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 300_00n - 2n * 101_00n, trading: 202_00n });
    expect((await equity(client)).orders).toBe(202);

    // The bid reaching 59,000 fills nothing; the ask does, at the ask.
    quote('BTC/USD', 58_990, 59_005);
    await app.orders.settled();
    expect(
      (await app.inject({ method: 'GET', url: '/api/orders?state=pending', headers: client.headers })).json<{
        orders: TOrder[];
      }>().orders,
    ).toHaveLength(2);
    quote('BTC/USD', 58_985, 58_995);
    await app.orders.settled();
    const done = (await app.inject({ method: 'GET', url: '/api/orders?state=done', headers: client.headers })).json<{
      orders: TOrder[];
    }>().orders;
    const filled = done.find((o) => o.id === filling.id);
    expect(filled).toMatchObject({ status: 'filled', fillPrice: 58_995 });
    const position = await positionRow(app, filled?.positionId ?? '');
    expect(position).toMatchObject({ entryPrice: 58_995, spread: 10, commission: 1_00n });
    expect(await entriesOf(app, position.id, 'commissions')).toBe(1_00n);
    expect(await balancesOf(app.db, client.id)).toMatchObject({ trading: 100_00n + 101_00n });

    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.id}/cancel`,
      headers: client.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 300_00n - 101_00n, trading: 100_00n });
  });
});

describe('margin level', () => {
  it('is valued at the closing side: all the cash in a buy is below 100 % at once by the spread', async () => {
    const client = await fundedClient(app, 100);
    quote('ETH/USD', 2_997, 3_000);
    await open(client, { asset: 'ETH/USD', type: 'buy' });
    // −3 / 3,000 × $1,000 = −$1.00 of a $100.00 margin: 99 %.
    expect((await equity(client)).marginLevel).toBe(99);
    await app.jobs.runNow('margin');
    const calls = (await noticesOf(app, client.id)).filter((n) => n.key === 'marginCall');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toMatchObject({ level: 99, equity: 99, margin: 100 });
  });
});
