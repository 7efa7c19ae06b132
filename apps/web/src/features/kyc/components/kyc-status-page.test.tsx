import type { TUser } from '@meridian/contracts/auth';
import { getKycStatus } from '@meridian/contracts/endpoints/kyc';
import { getClient } from '@meridian/contracts/endpoints/profile';
import type { TKyc, TKycStatusAnswer } from '@meridian/contracts/kyc';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeAuth, makeUser, renderWithProviders } from '@/test';
import { KycStatusPage } from './kyc-status-page';

function submission(overrides: Partial<TKyc> = {}): TKyc {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    userId: IDS.client,
    user: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
    documentType: 'passport',
    documentNumber: 'C01X00T47',
    fullName: 'Ada Lovelace',
    dateOfBirth: '1990-04-12',
    address: '1 Analytical Way, London',
    country: 'GB',
    documentImage: '/kyc/x/document-image',
    selfieImage: '/kyc/x/selfie-image',
    status: 'approved',
    adminNotes: null,
    submittedAt: '2026-03-04T14:05:00.000Z',
    reviewedAt: '2026-03-05T09:00:00.000Z',
    reviewedBy: { firstname: 'Grace', lastname: 'Hopper' },
    ...overrides,
  };
}

async function renderStatus(user: TUser, status: TKycStatusAnswer) {
  answer(getClient, () => user);
  answer(getKycStatus, () => status);
  renderWithProviders(<KycStatusPage />, { session: makeAuth('Client', user), route: '/user/kyc/status' });
  return screen.findByTestId('kyc-status');
}

describe('KycStatusPage', () => {
  it('a client an admin verified without documents reads Verified, by our team, and is not asked to submit', async () => {
    const card = await renderStatus(makeUser({ isVerified: true, kycStatus: 'not submitted' }), {
      status: 'not submitted',
      submission: null,
    });
    expect(within(card).getByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(within(card).getByText(/verified by our team/)).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('approved documents: Verified, with the spec’s words', async () => {
    const card = await renderStatus(makeUser({ isVerified: true, kycStatus: 'approved' }), {
      status: 'approved',
      submission: submission(),
    });
    expect(within(card).getByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(within(card).getByText('Your account is verified')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a verification an admin withdrew after approval: says so and offers to submit again', async () => {
    const card = await renderStatus(makeUser({ isVerified: false, kycStatus: 'approved' }), {
      status: 'approved',
      submission: submission(),
    });
    expect(within(card).getByRole('heading', { name: 'Verification withdrawn' })).toBeInTheDocument();
    expect(within(card).queryByText('Your account is verified')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Submit KYC' })).toHaveAttribute('href', '/user/kyc/submit');
  });

  it('rejected documents: the reason and Resubmit KYC', async () => {
    const card = await renderStatus(makeUser({ isVerified: false, kycStatus: 'rejected' }), {
      status: 'rejected',
      submission: submission({ status: 'rejected', adminNotes: 'Blurry photo' }),
    });
    expect(within(card).getByRole('heading', { name: 'Rejected' })).toBeInTheDocument();
    expect(within(card).getByText('Reason: Blurry photo')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Resubmit KYC' })).toHaveAttribute('href', '/user/kyc/submit');
  });
});
