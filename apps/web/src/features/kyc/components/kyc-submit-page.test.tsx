import type { TUser } from '@meridian/contracts/auth';
import { getKycStatus, submitKyc } from '@meridian/contracts/endpoints/kyc';
import { getClient } from '@meridian/contracts/endpoints/profile';
import type { TKyc, TKycStatusAnswer } from '@meridian/contracts/kyc';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeAuth, makeKyc, makeUser, renderWithProviders } from '@/test';
import { server } from '@/test/server';
import { KycSubmitPage } from './kyc-submit-page';

const KYC_ID = IDS.kyc;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The client's rejected submission, as GET kyc/user/{userId} tells it. */
function rejected(overrides: Partial<TKyc> = {}): TKyc {
  return makeKyc({
    documentNumber: 'C01X00T4',
    fullName: 'Ada King',
    documentImage: `/kyc/${KYC_ID}/document-image`,
    selfieImage: `/kyc/${KYC_ID}/selfie-image`,
    status: 'rejected',
    adminNotes: 'The document number is cut off',
    reviewedAt: '2026-03-05T09:00:00.000Z',
    reviewedBy: { firstname: 'Grace', lastname: 'Hopper' },
    ...overrides,
  });
}

/** The submit page of `user`, whose KYC status the server answers as `status`. */
async function renderPage(user: TUser, status: TKycStatusAnswer) {
  answer(getClient, () => user);
  answer(getKycStatus, () => status);
  // The previous images, served to their owner (bytes, not JSON).
  server.use(
    ...(['document', 'selfie'] as const).map((which) =>
      http.get(
        `/api/kyc/${KYC_ID}/${which}-image`,
        () => new HttpResponse(PNG, { headers: { 'content-type': 'image/png' } }),
      ),
    ),
  );
  return renderWithProviders(<KycSubmitPage />, { session: makeAuth('Client', user), route: '/user/kyc/submit' });
}

describe('KycSubmitPage', () => {
  it('after a rejection: the reason, the form filled with what was sent, and the previous images', async () => {
    const user = makeUser({ isVerified: false, kycStatus: 'rejected' });
    await renderPage(user, { status: 'rejected', submission: rejected() });

    const form = await screen.findByTestId('kyc-form');
    expect(screen.getByText('Reason: The document number is cut off')).toBeInTheDocument();
    expect(within(form).getByLabelText('Document type')).toHaveValue('national_id');
    expect(within(form).getByLabelText('Document number')).toHaveValue('C01X00T4');
    expect(within(form).getByLabelText('Full name (as on the document)')).toHaveValue('Ada King');
    expect(within(form).getByLabelText('Date of birth')).toHaveValue('1990-04-12');
    expect(within(form).getByLabelText('Residential address')).toHaveValue('12 rue de Rivoli, Paris');
    await waitFor(() => expect(within(form).getByLabelText('Country')).toHaveValue('FR'));
    expect(await within(form).findByRole('img', { name: 'Previous image: Document image' })).toBeInTheDocument();
    expect(await within(form).findByRole('img', { name: 'Previous image: Selfie' })).toBeInTheDocument();
    expect(within(form).getAllByText('Your previous image is sent again unless you choose another.')).toHaveLength(2);
  });

  it('resubmits the corrected number alone: the images are left to the server to keep', async () => {
    const user = makeUser({ isVerified: false, kycStatus: 'rejected' });
    const sent = answer(submitKyc, () => ({ message: messageText('kyc.submitted') }));
    const rendered = await renderPage(user, { status: 'rejected', submission: rejected() });
    const form = await screen.findByTestId('kyc-form');
    await waitFor(() => expect(within(form).getByLabelText('Country')).toHaveValue('FR'));
    const number = within(form).getByLabelText('Document number');
    await rendered.user.clear(number);
    await rendered.user.type(number, 'C01X00T47');
    await rendered.user.click(within(form).getByRole('button', { name: 'Submit KYC' }));

    expect(await screen.findByText('KYC submitted successfully!')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([
      {
        documentType: 'national_id',
        documentNumber: 'C01X00T47',
        fullName: 'Ada King',
        dateOfBirth: '1990-04-12',
        country: 'FR',
        address: '12 rue de Rivoli, Paris',
      },
    ]);
  });

  it('offers no form to a client an admin verified, and says the account is verified', async () => {
    const user = makeUser({ isVerified: true, kycStatus: 'not submitted' });
    await renderPage(user, { status: 'not submitted', submission: null });
    expect(await screen.findByText('Your account is already verified.')).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-form')).not.toBeInTheDocument();
  });

  it('a first submission starts from the account, with no previous images', async () => {
    const user = makeUser({ isVerified: false, kycStatus: 'not submitted', firstname: 'Ada', lastname: 'Lovelace' });
    await renderPage(user, { status: 'not submitted', submission: null });
    const form = await screen.findByTestId('kyc-form');
    expect(within(form).getByLabelText('Full name (as on the document)')).toHaveValue('Ada Lovelace');
    expect(within(form).getByLabelText('Document number')).toHaveValue('');
    expect(within(form).queryByText('Your previous image is sent again unless you choose another.')).toBeNull();
  });
});
