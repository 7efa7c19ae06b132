import type { TUser } from '@meridian/contracts/auth';
import { getBalance } from '@meridian/contracts/endpoints/balances';
import { getClient } from '@meridian/contracts/endpoints/profile';
import { getUserTransactions } from '@meridian/contracts/endpoints/transactions';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeAuth, makeBalance, makeUser, renderWithProviders } from '@/test';
import { ClientOverviewPage } from './overview';

/** The dashboard of a client whose record (as the server now tells it) is `user`. */
async function renderDashboard(user: TUser) {
  answer(getClient, () => user);
  answer(getBalance, () => makeBalance());
  answer(getUserTransactions, () => ({ transactions: [], totalPage: 0 }));
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
