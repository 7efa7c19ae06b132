import type { TBalanceSummary } from '@meridian/contracts/balances';
import type { TInvestmentList } from '@meridian/contracts/investments';
import type { TInAppMessageList } from '@meridian/contracts/notifications';
import type { TPayoutActivities, TPayoutPage } from '@meridian/contracts/payouts';
import type { TPositionList } from '@meridian/contracts/positions';
import type { TSignalList, TSignalTradeList } from '@meridian/contracts/signals';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app.ts';
import { createUser, signIn, type TSignedIn } from '../../test/helpers/factories.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { DEMO_PASSWORD, DemoRefused, demoWalletAddresses, seedDemo } from './demo-data.ts';
import type { TDemoTradingDeps } from './demo-trading.ts';

describe('npm run demo (seedDemo)', () => {
  let t: TestApp;
  let admin: TSignedIn;
  let trading: TDemoTradingDeps;

  beforeAll(async () => {
    t = await buildTestApp({ PAYOUTS_AUTO_PROCESS: false });
    const adminUser = await createUser(t.app, 'Admin');
    admin = await signIn(t.app, adminUser.email);
    // The app's running market (its simulated feed ticking, with half an hour of stored history).
    trading = {
      market: t.app.market,
      commissionBps: t.app.config.COMMISSION_BPS,
      exits: t.app.exits,
      mail: t.app.mail,
    };
  });
  afterAll(() => t.close());

  it('fills an empty platform so that the client and admin screens have content, and the ledger verifies', async () => {
    const summary = await seedDemo(t.app.db, admin.id, trading);
    expect(summary.clients).toHaveLength(4);
    expect(summary.payoutsPaid).toBeGreaterThan(20);

    // A demo client signs in with the printed password and sees investments part-way through.
    const kenji = await signIn(t.app, 'kenji.demo@demo.meridian.test', DEMO_PASSWORD);
    const list = (
      await t.app.inject({ url: `/api/investment/user/${kenji.id}`, headers: kenji.headers })
    ).json<TInvestmentList>();
    const approved = list.investments.find((i) => i.status === 'Approved');
    expect(approved?.terms.payoutsPaid).toBeGreaterThan(0);
    expect(approved?.terms.payoutsPaid).toBeLessThan(approved?.terms.payoutsTotal ?? 0);
    expect(list.investments.some((i) => i.status === 'Pending' && i.terms.deposit?.status === 'Pending')).toBe(true);

    const activities = (
      await t.app.inject({ url: `/api/trade/activities/${kenji.id}`, headers: kenji.headers })
    ).json<TPayoutActivities>();
    expect(activities.summary.totalProfit).toBeGreaterThan(0);
    expect(activities.summary.totalLoss).toBeGreaterThan(0);
    expect(activities.plan?.name).toBe('Standard Plan');

    const balance = (
      await t.app.inject({ url: `/api/balance/${kenji.id}`, headers: kenji.headers })
    ).json<TBalanceSummary>();
    expect(balance.profitBalance).toBeGreaterThan(0);

    // The admin's lists: pending payouts, a rejected one, upgrade requests.
    const pending = (await t.app.inject({ url: '/api/trade/pending', headers: admin.headers })).json<TPayoutPage>();
    expect(pending.total).toBeGreaterThan(0);
    const rejected = (await t.app.inject({ url: '/api/trade/rejected', headers: admin.headers })).json<TPayoutPage>();
    expect(rejected.total).toBe(1);
    const upgrades = await t.app.inject({ url: '/api/user/upgrade-requests', headers: admin.headers });
    expect(upgrades.json().upgradeRequests).toHaveLength(1);

    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  }, 120_000);

  it('trades at market prices: open positions, one closed each way with a gain and a loss, and pending, active and settled signals', async () => {
    // Position Management: open ones on different pairs, sides and leverages, and closed ones.
    const all = (
      await t.app.inject({ url: '/api/position?page=1&limit=50', headers: admin.headers })
    ).json<TPositionList>();
    const open = all.positions.filter((p) => p.status === 'open');
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(new Set(open.map((p) => p.asset)).size).toBe(open.length);
    expect(new Set(open.map((p) => p.type))).toEqual(new Set(['buy', 'sell']));
    expect(new Set(open.map((p) => p.leverage)).size).toBeGreaterThanOrEqual(3);
    const closed = all.positions.filter((p) => p.status === 'closed');
    expect(closed.map((p) => p.closeReason).sort()).toEqual(['admin', 'client', 'expired']);
    expect(closed.find((p) => p.closeReason === 'admin')?.closeNote).toMatch(/^DEMO/);
    for (const p of closed) {
      expect(p.exitPrice).toBeGreaterThan(0);
      expect(p.exitPriceTime).not.toBeNull();
    }
    // The client's and the desk's closes are opposite sides of one pair closed after the price moved.
    expect(closed.some((p) => p.profit > 0)).toBe(true);
    expect(closed.some((p) => p.isLoss && p.loss > 0)).toBe(true);

    // Ada's own view: her positions with their history and the notice of her close.
    const ada = await signIn(t.app, 'ada.demo@demo.meridian.test', DEMO_PASSWORD);
    const mine = (
      await t.app.inject({ url: `/api/position/user/${ada.id}?page=1&limit=50`, headers: ada.headers })
    ).json<TPositionList>();
    expect(mine.summary?.open).toBeGreaterThan(0);
    expect(mine.positions.some((p) => p.closeReason === 'client')).toBe(true);
    const notices = (
      await t.app.inject({ url: `/api/inappmessage/receiver/${ada.id}`, headers: ada.headers })
    ).json<TInAppMessageList>();
    const subjects = notices.result.map((m) => m.subject);
    expect(subjects).toContain('Position closed');
    expect(subjects.some((s) => s.startsWith('Signal settled as a'))).toBe(true);

    // Signals: one pending with clients joined, one active, one settled from the stored candles.
    const signals = (await t.app.inject({ url: '/api/signal/all', headers: admin.headers })).json<TSignalList>();
    const byStatus = (status: string) => signals.signals.filter((s) => s.status === status);
    expect(byStatus('pending')).toHaveLength(1);
    expect(byStatus('pending')[0]?.participants).toBeGreaterThan(0);
    expect(byStatus('active')).toHaveLength(1);
    const [completed] = byStatus('completed');
    expect(completed?.result).toMatch(/^(gain|loss)$/);
    expect(completed?.evidence?.candles).toBeGreaterThanOrEqual(10);
    expect(completed?.evidence?.result).toBe(completed?.result);

    const trades = (
      await t.app.inject({ url: '/api/signal/my-trades', headers: ada.headers })
    ).json<TSignalTradeList>();
    const settled = trades.trades.find((trade) => trade.status === 'completed');
    expect(settled?.result).toBe(completed?.result);
    expect(settled?.actualReturn).not.toBeNull();
    expect(trades.trades.some((trade) => trade.status === 'active')).toBe(true);

    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('refuses to run again once the platform has clients', async () => {
    await expect(seedDemo(t.app.db, admin.id, trading)).rejects.toBeInstanceOf(DemoRefused);
  });

  it('uses deposit addresses that pass the networks’ own checks', () => {
    const a = demoWalletAddresses();
    expect(walletAddressProblem('USDT (TRC20)', a.trc20)).toBeNull();
    expect(walletAddressProblem('Bitcoin (BTC)', a.btc)).toBeNull();
    expect(walletAddressProblem('USDT (ERC20)', a.erc20)).toBeNull();
  });
});
