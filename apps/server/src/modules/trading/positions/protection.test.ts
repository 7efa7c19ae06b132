import { messageText, type TMessageKey } from '@meridian/contracts/messages';
import type { TPositionAnswer } from '@meridian/contracts/positions';
import type { ZTransactionPage } from '@meridian/contracts/transactions';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import type { TSignedIn } from '../../../../test/helpers/factories.ts';
import { entriesOf, postingsOf } from '../../../../test/helpers/ledger-trail.ts';
import { balancesOf } from '../../../../test/helpers/payout-fixtures.ts';
import { closePostingsOf, messagesOf, positionRow, tick, until } from '../../../../test/helpers/position-fixtures.ts';
import { fundedClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { positions } from '../../../db/schema/trading.ts';

/**
 * Take-profit and stop-loss through the API (docs/money.md, "Positions"): set when a position
 * opens or later by its client, checked against the side and the current price; when a price
 * reaches one, the position closes on that tick at that tick's price through the one closing path,
 * with its reason in the row, the ledger, the history and the client's notice. And positions with
 * no expiry. Prices arrive through the market's own sink, as a feed delivers them.
 */

// No simulated ticks (this file is the market) and no timed job runs (the tests run the job).
const { t, app, admin } = await buildSignedInApp(['Admin'], { MARKET_TICK_MS: 0, JOBS_INTERVAL_MS: 86_400_000 });
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

const open = (client: TSignedIn, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/position',
    headers: client.headers,
    payload: { userId: client.id, expiration: 60, amount: '100.00', leverage: 10, ...body },
  });

async function opened(client: TSignedIn, body: Record<string, unknown>) {
  const res = await open(client, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPositionAnswer>().position;
}

const protect = (client: TSignedIn, id: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: `/api/position/${id}/protection`, headers: client.headers, payload });

/** The answer refuses `field` with `key` (422: the current price decides, not the request's form). */
function expectRefused(res: Awaited<ReturnType<typeof open>>, field: 'takeProfit' | 'stopLoss', key: TMessageKey) {
  const body = expectApiError(res, 422, 'VALIDATION', messageText(key));
  expect(body.fieldErrors).toEqual({ [field]: messageText(key) });
}

describe('setting take-profit and stop-loss when opening', () => {
  it('keeps them on the position and answers them', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'EUR/USD', 1.1);
    const buy = await opened(client, { asset: 'EUR/USD', type: 'buy', takeProfit: 1.12, stopLoss: 1.09 });
    expect(buy).toMatchObject({ takeProfit: 1.12, stopLoss: 1.09, stopOutPrice: 0.99, entryPrice: 1.1 });
    const sell = await opened(client, { asset: 'EUR/USD', type: 'sell', takeProfit: 1.08, stopLoss: null });
    expect(sell).toMatchObject({ takeProfit: 1.08, stopLoss: null });
    const plain = await opened(client, { asset: 'EUR/USD', type: 'sell' });
    expect(plain).toMatchObject({ takeProfit: null, stopLoss: null });
    expect(await positionRow(app, buy.id)).toMatchObject({ takeProfit: 1.12, stopLoss: 1.09 });
  });

  it('refuses each level on the wrong side of the price, past the stop-out or finer than the pair, with its message', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'GBP/USD', 1.25);
    const buy = { asset: 'GBP/USD', type: 'buy' };
    const sell = { asset: 'GBP/USD', type: 'sell' };
    expectRefused(await open(client, { ...buy, takeProfit: 1.25 }), 'takeProfit', 'validation.takeProfitBuy');
    expectRefused(await open(client, { ...buy, takeProfit: 1.2 }), 'takeProfit', 'validation.takeProfitBuy');
    expectRefused(await open(client, { ...buy, stopLoss: 1.26 }), 'stopLoss', 'validation.stopLossBuy');
    expectRefused(await open(client, { ...sell, takeProfit: 1.3 }), 'takeProfit', 'validation.takeProfitSell');
    expectRefused(await open(client, { ...sell, stopLoss: 1.25 }), 'stopLoss', 'validation.stopLossSell');
    // The buy's stop-out at 1:10 is 1.125: a stop-loss at or below it would never be reached first.
    expectRefused(await open(client, { ...buy, stopLoss: 1.125 }), 'stopLoss', 'validation.stopLossPastStopOut');
    expectRefused(await open(client, { ...sell, stopLoss: 1.4 }), 'stopLoss', 'validation.stopLossPastStopOut');
    expectRefused(await open(client, { ...buy, takeProfit: 1.300001 }), 'takeProfit', 'validation.priceDecimals');
    for (const wrong of [0, -1, '1.3', true]) {
      const res = await open(client, { ...buy, takeProfit: wrong });
      expectApiError(res, 400, 'VALIDATION', messageText('validation.priceInvalid'));
    }
    // Nothing opened, nothing moved.
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 100_000n, trading: 0n });
    // A level just past the price is fine.
    expect(await opened(client, { ...buy, takeProfit: 1.25001, stopLoss: 1.12501 })).toMatchObject({
      takeProfit: 1.25001,
      stopLoss: 1.12501,
    });
  });
});

describe('a level reached', () => {
  it('closes a buy at its take-profit on the tick that reaches it, at that tick’s price, told as such', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'ETH/USD', 3_000);
    const position = await opened(client, { asset: 'ETH/USD', type: 'buy', takeProfit: 3_150, stopLoss: 2_900 });
    // Near, not at: open.
    tick(app, 'ETH/USD', 3_149.99);
    await app.exits.settled();
    expect((await positionRow(app, position.id)).status).toBe('open');

    const reaching = Date.now();
    tick(app, 'ETH/USD', 3_160, reaching);
    await until(async () => (await positionRow(app, position.id)).status === 'closed');
    // +5.333…% × 10 of $100.00 = +$53.33, at the tick's price (not the level's).
    expect(await positionRow(app, position.id)).toMatchObject({
      closeReason: 'take_profit',
      exitPrice: 3_160,
      exitPriceTime: new Date(reaching),
      pnl: 5_333n,
      closedBy: null,
    });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 100_000n, trading: 0n, profit: 5_333n });
    expect(await entriesOf(app, position.id, 'trading_pnl')).toBe(-5_333n);
    expect(await closePostingsOf(app, position.id)).toBe(1);
    const [notice] = await messagesOf(app, client.id);
    expect(notice).toMatchObject({
      key: 'positionTakeProfit',
      params: { pair: 'ETH/USD', amount: 100, pnl: 53.33, returned: 100, exitPrice: 3_160 },
    });
    expect(notice?.message).toContain('reached its take-profit and was closed at');
    // The client's history: the Position row completed with its result.
    const res = await app.inject({
      method: 'GET',
      url: `/api/transaction/user/${client.id}`,
      headers: client.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<z.infer<typeof ZTransactionPage>>().transactions.find((r) => r.id === position.id);
    expect(row).toMatchObject({ status: 'Completed', pnl: 53.33, closeReason: 'take_profit' });
    // And the statement names why it closed, in the client's language.
    const period = {
      format: 'csv',
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    };
    for (const [lang, words] of [
      ['en', 'Position closed: ETH/USD (take-profit)'],
      ['de', 'Position geschlossen: ETH/USD (Take-Profit)'],
    ]) {
      const statement = await app.inject({
        method: 'GET',
        url: `/api/statement?${new URLSearchParams({ ...period, lang: lang as string })}`,
        headers: client.headers,
      });
      expect(statement.statusCode, statement.body).toBe(200);
      expect(statement.body).toContain(words);
    }
    // Its other level went with it: a later fall to its stop-loss does nothing more.
    tick(app, 'ETH/USD', 2_800);
    await app.exits.settled();
    expect(await closePostingsOf(app, position.id)).toBe(1);
    tick(app, 'ETH/USD', 3_000);
  });

  it('closes a sell at its stop-loss when the price rises to it, before its stop-out', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'SOL/USD', 150);
    const position = await opened(client, { asset: 'SOL/USD', type: 'sell', amount: '50.00', stopLoss: 153 });
    expect(position.stopOutPrice).toBe(165);
    tick(app, 'SOL/USD', 152.99);
    await app.exits.settled();
    expect((await positionRow(app, position.id)).status).toBe('open');
    tick(app, 'SOL/USD', 153);
    await until(async () => (await positionRow(app, position.id)).status === 'closed');
    // −2 % × 10 of $50.00 = −$10.00; the other $40.00 of the margin back to the balance.
    expect(await positionRow(app, position.id)).toMatchObject({
      closeReason: 'stop_loss',
      exitPrice: 153,
      pnl: -1_000n,
    });
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 99_000n, trading: 0n, profit: 0n });
    const [notice] = await messagesOf(app, client.id);
    expect(notice).toMatchObject({ key: 'positionStopLoss', params: { pnl: -10, returned: 40 } });
    expect(await postingsOf(app, position.id, 'position.close')).toBe(1);
    tick(app, 'SOL/USD', 150);
  });

  it('on a gap past both a stop-loss and the stop-out, closes once, as the stop-loss, the loss capped at the margin', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'BNB/USD', 600);
    const position = await opened(client, { asset: 'BNB/USD', type: 'buy', stopLoss: 580 });
    tick(app, 'BNB/USD', 500);
    await until(async () => (await positionRow(app, position.id)).status === 'closed');
    expect(await positionRow(app, position.id)).toMatchObject({ closeReason: 'stop_loss', pnl: -10_000n });
    expect(await closePostingsOf(app, position.id)).toBe(1);
    tick(app, 'BNB/USD', 600);
  });
});

describe('changing take-profit and stop-loss', () => {
  it('sets, moves and removes them; the old level no longer closes, the new one does', async () => {
    const client = await fundedClient(app, 1_000);
    tick(app, 'XRP/USD', 0.6);
    const position = await opened(client, { asset: 'XRP/USD', type: 'buy', stopLoss: 0.58 });
    let res = await protect(client, position.id, { takeProfit: 0.65, stopLoss: 0.59 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPositionAnswer>()).toMatchObject({
      message: 'Take-profit and stop-loss saved',
      position: { takeProfit: 0.65, stopLoss: 0.59, status: 'open' },
    });
    // The old stop-loss is passed by: nothing closes until the new one.
    tick(app, 'XRP/USD', 0.595);
    await app.exits.settled();
    expect((await positionRow(app, position.id)).status).toBe('open');
    // Both removed: the price goes where they were, the position stays open.
    res = await protect(client, position.id, { takeProfit: null, stopLoss: null });
    expect(res.json<TPositionAnswer>().position).toMatchObject({ takeProfit: null, stopLoss: null });
    tick(app, 'XRP/USD', 0.66);
    tick(app, 'XRP/USD', 0.585);
    await app.exits.settled();
    expect((await positionRow(app, position.id)).status).toBe('open');
    // Set again and reached.
    res = await protect(client, position.id, { takeProfit: 0.59, stopLoss: null });
    expect(res.statusCode, res.body).toBe(200);
    tick(app, 'XRP/USD', 0.5901);
    await until(async () => (await positionRow(app, position.id)).status === 'closed');
    expect(await positionRow(app, position.id)).toMatchObject({ closeReason: 'take_profit', exitPrice: 0.5901 });
    tick(app, 'XRP/USD', 0.6);
  });

  it('checks them against the current price, and refuses a closed, stale, foreign or unknown position', async () => {
    const client = await fundedClient(app, 1_000);
    const other = await fundedClient(app, 10);
    tick(app, 'USD/JPY', 150);
    const position = await opened(client, { asset: 'USD/JPY', type: 'sell', leverage: 5 });
    tick(app, 'USD/JPY', 151);
    // Right when it opened, wrong now: the price decides.
    expectRefused(
      await protect(client, position.id, { takeProfit: 150.5, stopLoss: 151 }),
      'stopLoss',
      'validation.stopLossSell',
    );
    expectRefused(
      await protect(client, position.id, { takeProfit: 151.5, stopLoss: null }),
      'takeProfit',
      'validation.takeProfitSell',
    );
    expectRefused(
      await protect(client, position.id, { takeProfit: null, stopLoss: 180.1 }),
      'stopLoss',
      'validation.stopLossPastStopOut',
    );
    // Both keys are required: leaving one out is a malformed request, not "none".
    expectApiError(await protect(client, position.id, { takeProfit: 150 }), 400, 'VALIDATION');
    const notFound = messageText('errors.positionNotFound');
    expectApiError(await protect(other, position.id, { takeProfit: 150, stopLoss: null }), 404, 'NOT_FOUND', notFound);
    expectApiError(
      await protect(client, '00000000-0000-4000-8000-000000000000', { takeProfit: 150, stopLoss: null }),
      404,
      'NOT_FOUND',
      notFound,
    );
    expectApiError(
      await app.inject({
        method: 'PUT',
        url: `/api/position/${position.id}/protection`,
        headers: admin.headers,
        payload: { takeProfit: 150, stopLoss: null },
      }),
      403,
      'FORBIDDEN',
    );
    app.market.status(['USD/JPY'], false);
    expectApiError(
      await protect(client, position.id, { takeProfit: 150, stopLoss: null }),
      503,
      'UPSTREAM_UNAVAILABLE',
      messageText('errors.priceStale', { pair: 'USD/JPY' }),
    );
    tick(app, 'USD/JPY', 151);
    const closed = await app.inject({
      method: 'POST',
      url: `/api/position/${position.id}/close`,
      headers: client.headers,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expectApiError(
      await protect(client, position.id, { takeProfit: 150, stopLoss: null }),
      409,
      'CONFLICT',
      messageText('errors.positionClosed'),
    );
    expect(await positionRow(app, position.id)).toMatchObject({
      takeProfit: null,
      stopLoss: null,
      closeReason: 'client',
    });
  });
});

describe('no expiry', () => {
  it('opens a position without an expiration, which the expiry job leaves open', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'AUD/USD', 0.66);
    const position = await opened(client, {
      asset: 'AUD/USD',
      type: 'buy',
      leverage: 1,
      amount: '10.00',
      expiration: null,
    });
    expect(position).toMatchObject({ expiration: null, expiresAt: null, status: 'open' });
    await app.jobs.runNow('positions');
    expect((await positionRow(app, position.id)).status).toBe('open');
    // Leaving the key out is not "no expiry": the client chooses it.
    expectApiError(
      await app.inject({
        method: 'POST',
        url: '/api/position',
        headers: client.headers,
        payload: { userId: client.id, asset: 'AUD/USD', type: 'buy', leverage: 1, amount: '10.00' },
      }),
      400,
      'VALIDATION',
      messageText('validation.expirationRequired'),
    );
    // The row keeps no date.
    const [row] = await app.db.select().from(positions).where(eq(positions.id, position.id));
    expect(row).toMatchObject({ expiresAt: null, expirationMinutes: null });
  });
});
