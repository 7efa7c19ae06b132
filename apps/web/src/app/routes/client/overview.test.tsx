import type { TUser } from '@meridian/contracts/auth';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { getCandles } from '@meridian/contracts/endpoints/market';
import { getUserPositions } from '@meridian/contracts/endpoints/positions';
import { getClient } from '@meridian/contracts/endpoints/profile';
import { getUserTransactions } from '@meridian/contracts/endpoints/transactions';
import { getMyUpgradeRequest } from '@meridian/contracts/endpoints/upgrades';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, makeAuth, makeBalance, makeUser, renderWithProviders } from '@/test';
import { ClientOverviewPage } from './overview';

/** The browser's price stream, quiet: jsdom has no EventSource (the dashboard's prices come from it). */
class QuietEventSource {
  addEventListener() {}
  close() {}
}
beforeEach(() => vi.stubGlobal('EventSource', QuietEventSource));

/**
 * jsdom has no canvas, so the chart library cannot draw there (a frame it schedules after a test
 * throws): its chart is replaced by one that takes every call and draws nothing. The chart itself
 * is checked in a real browser (e2e).
 */
vi.mock('lightweight-charts', async (importOriginal) => {
  const inert: object = new Proxy(() => inert, { get: () => () => inert });
  return { ...(await importOriginal<typeof import('lightweight-charts')>()), createChart: () => inert };
});
afterEach(() => vi.unstubAllGlobals());

/** The dashboard of a client whose record (as the server now tells it) is `user`. */
async function renderDashboard(user: TUser) {
  answer(getClient, () => user);
  answer(getBalance, () => makeBalance());
  answer(getUserTransactions, () => ({ transactions: [], totalPage: 0 }));
  answer(getUserPositions, () => ({ positions: [], totalPage: 0 }));
  answer(getCandles, () => ({ pair: 'BTC/USD' as const, interval: '1m' as const, candles: [] }));
  const rendered = renderWithProviders(<ClientOverviewPage />, { session: makeAuth('Client', user), route: '/user' });
  await screen.findByRole('heading', { name: `Welcome back, ${user.firstname}` });
  return rendered;
}

describe('the dashboard’s KYC banner', () => {
  it('is gone once an admin has verified the client, even without approved documents', async () => {
    await renderDashboard(makeUser({ isVerified: true, kycStatus: 'not submitted' }));
    expect(screen.queryByTestId('kyc-banner')).not.toBeInTheDocument();
    expect(screen.queryByText(/not verified/i)).not.toBeInTheDocument();
  });

  it('names the missing step of an unverified client: documents under review', async () => {
    await renderDashboard(makeUser({ isVerified: false, kycStatus: 'pending' }));
    expect(await screen.findByTestId('kyc-banner')).toHaveTextContent('Your documents are being reviewed.');
    expect(screen.getByRole('link', { name: 'View status' })).toHaveAttribute('href', '/user/kyc/status');
  });
});

describe('the dashboard’s plan upgrade banner', () => {
  const plan = { id: '55555555-5555-4555-8555-555555555555', name: 'Basic Plan' };

  it('shows the client’s pending upgrade request with View plans, even when the admin has not turned it on', async () => {
    answer(getMyUpgradeRequest, () => ({
      upgradeRequest: {
        id: '88888888-8888-4888-8888-888888888888',
        requestedPlan: { id: '77777777-7777-4777-8777-777777777777', name: 'Premium Plan' },
        status: 'pending' as const,
        approvedPlan: null,
        reason: null,
        createdAt: '2026-01-03T00:00:00.000Z',
        decidedAt: null,
      },
    }));
    await renderDashboard(makeUser({ plan }));
    const banner = await screen.findByTestId('alert-plan-upgrade');
    expect(banner).toHaveTextContent('Upgrade to Premium Plan pending');
    expect(within(banner).getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/user/investmentplan');
  });

  it('stays away when the client’s request was decided and the admin has not turned it on', async () => {
    const answered = answer(getMyUpgradeRequest, () => ({ upgradeRequest: null }));
    await renderDashboard(makeUser({ plan }));
    await waitFor(() => expect(answered).toHaveLength(1));
    expect(screen.queryByTestId('alert-plan-upgrade')).not.toBeInTheDocument();
  });

  it('shows the admin’s message when the admin turned it on', async () => {
    await renderDashboard(makeUser({ planUpgradeAlert: true, planUpgradeAlertMessage: 'Premium is open to you' }));
    expect(screen.getByTestId('alert-plan-upgrade')).toHaveTextContent('Premium is open to you');
    expect(screen.queryByTestId('upgrade-pending')).not.toBeInTheDocument();
  });
});

describe('the dashboard’s trading and deposit cards', () => {
  it('has the deposit guide, whose Learn more explains a deposit and leads to Add funds', async () => {
    const { user } = await renderDashboard(makeUser());
    const guide = screen.getByTestId('deposit-guide');
    await user.click(within(guide).getByRole('button', { name: 'Learn more' }));
    const dialog = screen.getByRole('dialog', { name: 'How to deposit' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(within(dialog).getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/user/depositmethod');
    expect(within(dialog).getByRole('link', { name: 'Read the full guide' })).toHaveAttribute(
      'href',
      '/user/deposit-process',
    );
  });

  it('has Open New Position and the client’s positions with View all', async () => {
    await renderDashboard(makeUser());
    // The form's code comes once it is in view (here, at once).
    const form = await screen.findByRole('form', { name: 'Open New Position' }, { timeout: 5000 });
    expect(within(form).getByRole('button', { name: 'Buy' })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Sell' })).toBeVisible();
    expect(await screen.findByText('No positions found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All positions' })).toHaveAttribute('href', '/user/positions');
  });
});
