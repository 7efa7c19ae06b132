import type { TBalanceSummary } from '@meridian/contracts/balances';
import type { TInvestmentList } from '@meridian/contracts/investments';
import type { TTradeActivities, TTradePage } from '@meridian/contracts/payouts';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app.ts';
import { createUser, signIn, type TSignedIn } from '../../test/helpers/factories.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { DEMO_PASSWORD, DemoRefused, demoWalletAddresses, seedDemo } from './demo-data.ts';

describe('npm run demo (seedDemo)', () => {
  let t: TestApp;
  let admin: TSignedIn;

  beforeAll(async () => {
    t = await buildTestApp({ PAYOUTS_AUTO_PROCESS: false });
    const adminUser = await createUser(t.app, 'Admin');
    admin = await signIn(t.app, adminUser.email);
  });
  afterAll(() => t.close());

  it('fills an empty platform so that the client and admin screens have content, and the ledger verifies', async () => {
    const summary = await seedDemo(t.app.db, admin.id);
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
    ).json<TTradeActivities>();
    expect(activities.summary.totalProfit).toBeGreaterThan(0);
    expect(activities.summary.totalLoss).toBeGreaterThan(0);
    expect(activities.plan?.name).toBe('Standard Plan');

    const balance = (
      await t.app.inject({ url: `/api/balance/${kenji.id}`, headers: kenji.headers })
    ).json<TBalanceSummary>();
    expect(balance.profitBalance).toBeGreaterThan(0);

    // The admin's lists: pending payouts, a rejected one, upgrade requests.
    const pending = (await t.app.inject({ url: '/api/trade/pending', headers: admin.headers })).json<TTradePage>();
    expect(pending.total).toBeGreaterThan(0);
    const rejected = (await t.app.inject({ url: '/api/trade/rejected', headers: admin.headers })).json<TTradePage>();
    expect(rejected.total).toBe(1);
    const upgrades = await t.app.inject({ url: '/api/user/upgrade-requests', headers: admin.headers });
    expect(upgrades.json().upgradeRequests).toHaveLength(1);

    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });

  it('refuses to run again once the platform has clients', async () => {
    await expect(seedDemo(t.app.db, admin.id)).rejects.toBeInstanceOf(DemoRefused);
  });

  it('uses deposit addresses that pass the networks’ own checks', () => {
    const a = demoWalletAddresses();
    expect(walletAddressProblem('USDT (TRC20)', a.trc20)).toBeNull();
    expect(walletAddressProblem('Bitcoin (BTC)', a.btc)).toBeNull();
    expect(walletAddressProblem('USDT (ERC20)', a.erc20)).toBeNull();
  });
});
