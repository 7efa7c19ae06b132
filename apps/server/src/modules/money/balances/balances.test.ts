import type { TBalanceSummary, TEquity } from '@meridian/contracts/balances';
import type { TPayoutActivities } from '@meridian/contracts/payouts';
import type { TPositionAnswer, TPositionList } from '@meridian/contracts/positions';
import type { TSignalJoinAnswer } from '@meridian/contracts/signals';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import {
  balanceOf,
  createDepositMethodViaApi,
  declareDeposit,
  putDepositStatus,
} from '../../../../test/helpers/deposits.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { createPlanRow } from '../../../../test/helpers/investment-fixtures.ts';
import { createInvestmentApprovedAgo, DAY, HOUR } from '../../../../test/helpers/payout-fixtures.ts';
import {
  insertFixtureSignal,
  MINUTE,
  minuteOf,
  moveSignalWindow,
  priceArrives,
  recordPricePath,
  SIGNALS_TEST_CONFIG,
} from '../../../../test/helpers/signal-fixtures.ts';
import { createPendingWithdrawal, createWithdrawalMethod } from '../../../../test/helpers/withdrawal-fixtures.ts';

/**
 * The account header's figures (docs/money.md, "Equity" and "Profit"): equity counts the money in
 * plans, position margins and signal stakes and the open positions at the latest price, beside
 * withdrawable and the hold; realised profit is one figure, the same as each screen's part of it.
 */

const { t, app, admin } = await buildSignedInApp(['Admin'], SIGNALS_TEST_CONFIG);
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

async function equityOf(as: TSignedIn, userId = as.id): Promise<TEquity> {
  const res = await app.inject({ method: 'GET', url: `/api/equity/${userId}`, headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TEquity>();
}

async function post(as: TSignedIn, url: string, payload: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url, headers: as.headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

/** A client who deposited $1,500 (declared, then completed by the admin). */
async function depositedClient(): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  const method = await createDepositMethodViaApi(app, admin, { name: `USDT ${client.id.slice(0, 6)}` });
  const deposit = await declareDeposit(app, client, method.id, 1500);
  const res = await putDepositStatus(app, admin, deposit.id, 'Completed');
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** $500 into a plan from the balance (Pending: the money is in trading at once). */
async function investFiveHundred(client: TSignedIn) {
  const plan = await createPlanRow(app);
  await post(client, '/api/investment/invest-from-balance', { amount: 500, user: client.id, investmentPlan: plan.id });
}

async function openPosition(client: TSignedIn, terms: { type: 'buy' | 'sell'; amount: number; leverage: number }) {
  const res = await post(client, '/api/position', {
    asset: 'BTC/USD',
    expiration: 30,
    userId: client.id,
    ...terms,
  });
  return res.json<TPositionAnswer>().position;
}

async function joinSignal(client: TSignedIn, signalId: string, entryAmount: number): Promise<string> {
  const res = await post(client, `/api/signal/${signalId}/join`, { entryAmount });
  return res.json<TSignalJoinAnswer>().trade.id;
}

describe('GET /api/equity/:userId', () => {
  it('counts plans, position margins, signal stakes and open positions at the latest price; withdrawable apart', async () => {
    const client = await depositedClient();
    await investFiveHundred(client);
    priceArrives(app, 'BTC/USD', 60_000);
    const position = await openPosition(client, { type: 'buy', amount: 100, leverage: 5 });
    const signal = await insertFixtureSignal(app);
    await joinSignal(client, signal.id, 150);

    // The figure the dashboard showed: $1,500 − $500 − $100 − $150 left in cash.
    expect((await balanceOf(app, client)).totalBalance).toBe(750);

    // BTC up 1 %: the 1:5 buy of $100 makes $5.00.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = Date.now();
    priceArrives(app, 'BTC/USD', 60_600, later);
    const equity = await equityOf(client);
    expect(equity).toMatchObject({
      cash: 750,
      bonus: 0,
      invested: 500,
      margin: 100,
      stakes: 150,
      tradingAccount: 750,
      tradingDifference: 0,
      unrealisedPnl: 5,
      equity: 1505,
      withdrawable: 750,
      withdrawalHold: 0,
      realisedProfit: 0,
    });
    expect(equity.positions).toEqual([
      {
        id: position.id,
        asset: 'BTC/USD',
        type: 'buy',
        amount: 100,
        leverage: 5,
        entryPrice: 60_000,
        price: 60_600,
        priceTime: new Date(later).toISOString(),
        unrealisedPnl: 5,
      },
    ]);
    expect(Date.parse(equity.asOf)).toBeGreaterThanOrEqual(later);

    // A pending withdrawal of $50: out of cash and withdrawable, held beside equity, not in it.
    const method = await createWithdrawalMethod(app, { name: `Wallet ${client.id.slice(0, 6)}` });
    await createPendingWithdrawal(app, client.id, method.id, 5_000n);
    // BTC down 1 % from the entry: −$5.00.
    priceArrives(app, 'BTC/USD', 59_400);
    expect(await equityOf(client)).toMatchObject({
      cash: 700,
      unrealisedPnl: -5,
      equity: 1445,
      withdrawable: 700,
      withdrawalHold: 50,
    });
    // The admin's client page reads the same figures.
    expect((await equityOf(admin, client.id)).equity).toBe(1445);
  });

  it('says what an admin’s Clear Balance took from the trading account', async () => {
    const client = await depositedClient();
    await investFiveHundred(client);
    priceArrives(app, 'BTC/USD', 60_000);
    await openPosition(client, { type: 'sell', amount: 200, leverage: 2 });
    await post(admin, `/api/user/clear-balances/${client.id}`, { reason: 'Chargeback on the deposit' });

    expect(await equityOf(client)).toMatchObject({
      cash: 0,
      invested: 500,
      margin: 200,
      stakes: 0,
      tradingAccount: 0,
      tradingDifference: -700,
      unrealisedPnl: 0,
      equity: 0,
      withdrawable: 0,
    });
  });

  it('refuses another client’s account, and an admin’s id', async () => {
    const client = await signedInUser(app, 'Client');
    const other = await signedInUser(app, 'Client');
    const res = await app.inject({ method: 'GET', url: `/api/equity/${other.id}`, headers: client.headers });
    expect(res.statusCode).toBe(403);
    const adminAsClient = await app.inject({ method: 'GET', url: `/api/equity/${admin.id}`, headers: admin.headers });
    expect(adminAsClient.statusCode).toBe(404);
  });
});

describe('realised profit', () => {
  it('is payouts paid plus positions’ and signals’ results, the same as each screen’s part; Add Profit apart', async () => {
    const client = await signedInUser(app, 'Client');
    // $1,000 at 10 % over 7 days, once a day, approved 2.5 days ago: 2 payouts of $14.28 due.
    await createInvestmentApprovedAgo(app, {
      userId: client.id,
      principal: 100_000n,
      interestBp: 1000,
      duration: 7,
      noOfTimes: 1,
      approvedAgoMs: 2 * DAY + 12 * HOUR,
    });
    await post(admin, '/api/trade');
    await post(admin, `/api/user/fund/${client.id}`, { amount: 200, reason: 'Funding for trades' });

    // A buy that gains $10.00 (+2 % at 1:5 on $100) and a sell that loses $1.00 (+1 % at 1:2 on $50).
    priceArrives(app, 'BTC/USD', 60_000);
    const gain = await openPosition(client, { type: 'buy', amount: 100, leverage: 5 });
    priceArrives(app, 'BTC/USD', 61_200);
    const loss = await openPosition(client, { type: 'sell', amount: 50, leverage: 2 });
    await post(client, `/api/position/${gain.id}/close`);
    priceArrives(app, 'BTC/USD', 61_812);
    await post(client, `/api/position/${loss.id}/close`);

    // A signal entry of $20 whose target was never reached: −$20.00.
    const signal = await insertFixtureSignal(app);
    await joinSignal(client, signal.id, 20);
    const opens = minuteOf(Date.now() - 40 * DAY);
    await moveSignalWindow(app, signal.id, opens, opens + 60 * MINUTE);
    await recordPricePath(
      app,
      'EUR/USD',
      Array.from({ length: 60 }, (_, i) => ({ minute: opens + i * MINUTE, high: 1.1, low: 1.1 })),
    );
    priceArrives(app, 'EUR/USD', 1.1);
    await app.jobs.runNow('signals');

    // The operator credits $7.00 to the profit balance: an adjustment, not profit earned.
    await post(admin, `/api/trade/profit/${client.id}`, { amount: 7, reason: 'Goodwill' });

    const balance: TBalanceSummary = await balanceOf(app, client);
    expect(balance.realisedProfit).toEqual({ plans: 28.56, positions: 9, signals: -20, total: 17.56 });
    expect(balance.profitCredits).toBe(7);
    // The profit balance holds the gains paid and the credit: $28.56 + $10.00 + $7.00.
    expect(balance.profitBalance).toBe(45.56);
    expect((await equityOf(client)).realisedProfit).toBe(17.56);

    // Each screen's part is the same figure.
    const positions = await app.inject({
      method: 'GET',
      url: `/api/position/user/${client.id}`,
      headers: client.headers,
    });
    expect(positions.json<TPositionList>().summary?.netPnl).toBe(9);
    const activities = await app.inject({
      method: 'GET',
      url: `/api/trade/activities/${client.id}`,
      headers: client.headers,
    });
    expect(activities.json<TPayoutActivities>().summary.netPL).toBe(28.56);
  });
});
