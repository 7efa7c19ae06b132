import type { TWithdrawalAddressList } from '@meridian/contracts/address-book';
import type { TUser } from '@meridian/contracts/auth';
import { getWithdrawalAddresses } from '@meridian/contracts/endpoints/address-book';
import { getBalance, getEquity } from '@meridian/contracts/endpoints/balances';
import { getCandles } from '@meridian/contracts/endpoints/market';
import { getTradingTerms, getUserPositions } from '@meridian/contracts/endpoints/positions';
import { getClient } from '@meridian/contracts/endpoints/profile';
import { getUserTransactions } from '@meridian/contracts/endpoints/transactions';
import { getMyUpgradeRequest } from '@meridian/contracts/endpoints/upgrades';
import { getWatchlist } from '@meridian/contracts/endpoints/watchlist';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { answer, makeAuth, makeBalance, makeEquity, makeTradingTerms, makeUser, renderWithProviders } from '@/test';
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

const NO_ADDRESSES = { addresses: [], delayHours: 24, oneOffAllowed: false };

/** The dashboard of a client whose record (as the server now tells it) is `user`. */
async function renderDashboard(user: TUser, book: TWithdrawalAddressList = NO_ADDRESSES) {
  answer(getClient, () => user);
  answer(getWithdrawalAddresses, () => book);
  answer(getBalance, () => makeBalance());
  answer(getEquity, () => makeEquity({ equity: 1505, cash: 750, invested: 650, margin: 100, tradingAccount: 750 }));
  answer(getUserTransactions, () => ({ transactions: [], totalPage: 0 }));
  answer(getUserPositions, () => ({ positions: [], totalPage: 0 }));
  answer(getTradingTerms, () => makeTradingTerms());
  answer(getCandles, () => ({ pair: 'BTC/USD' as const, interval: '1m' as const, candles: [] }));
  answer(getWatchlist, () => ({ pairs: ['BTC/USD' as const, 'ETH/USD' as const] }));
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

describe('the dashboard’s account header', () => {
  it('shows equity, the money in plans, positions and signals included, with Add Funds and Withdraw', async () => {
    await renderDashboard(makeUser());
    const header = await screen.findByTestId('account-header');
    expect(await within(header).findByTestId('equity')).toHaveTextContent('$1,505.00');
    expect(within(header).getByTestId('withdrawable')).toHaveTextContent('$500.00');
    expect(within(header).getByRole('link', { name: 'Add Funds' })).toHaveAttribute('href', '/user/depositmethod');
    expect(within(header).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/user/withdrawalmethod');
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

  it('has the client’s watchlist, in their order', async () => {
    await renderDashboard(makeUser());
    const list = await screen.findByRole('region', { name: 'Watchlist' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('watchlist-row')
          .map((row) => row.dataset.pair),
      ).toEqual(['BTC/USD', 'ETH/USD']),
    );
  });
});

describe('the dashboard’s new withdrawal addresses', () => {
  const address = (activeFrom: string, label: string) => ({
    id: crypto.randomUUID(),
    methodId: '33333333-3333-4333-8333-333333333333',
    methodName: 'USDT (TRC20)',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    label,
    createdAt: '2026-01-01T00:00:00.000Z',
    activeFrom,
    state: 'pending' as const,
  });

  it('says when each address still waiting becomes usable, and leads to the address book', async () => {
    const later = new Date(Date.now() + 20 * 3_600_000);
    await renderDashboard(makeUser(), {
      ...NO_ADDRESSES,
      addresses: [address(later.toISOString(), 'Ledger'), address('2020-01-01T00:00:00.000Z', 'Old wallet')],
    });
    const notice = await screen.findByTestId('pending-addresses-notice');
    expect(within(notice).getByRole('heading', { name: 'New withdrawal addresses not usable yet' })).toBeVisible();
    expect(notice).toHaveTextContent(`Ledger (USDT (TRC20)): usable from ${formatDateTime(later.toISOString())}`);
    expect(notice).not.toHaveTextContent('Old wallet');
    expect(within(notice).getByRole('link', { name: 'Manage withdrawal addresses' })).toHaveAttribute(
      'href',
      '/user/withdrawal-addresses',
    );
  });

  it('says nothing when no address waits', async () => {
    await renderDashboard(makeUser());
    await screen.findByTestId('deposit-guide');
    expect(screen.queryByTestId('pending-addresses-notice')).not.toBeInTheDocument();
  });
});
