import type { TLanguage } from '@meridian/contracts/constants';
import {
  getKyc,
  getKycDocumentImage,
  getKycSelfieImage,
  getPendingKyc,
  rejectKyc,
} from '@meridian/contracts/endpoints/kyc';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeKyc, refuse, renderWithProviders } from '@/test';
import { KycReviewPage } from './kyc-review-page';

/**
 * The pending list with one submission, opened for review; `detail` is what the dialog's own fetch
 * answers. The images are not there (a state of their own, not the subject here).
 */
async function openReview(language: TLanguage, kyc = makeKyc(), detail = kyc) {
  answer(getKyc, () => detail);
  answer(getPendingKyc, () => ({ kycs: [kyc], total: 1, totalPages: 1 }));
  for (const endpoint of [getKycDocumentImage, getKycSelfieImage]) {
    answer(endpoint, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.notFound' }));
  }
  const rendered = renderWithProviders(<KycReviewPage />, { session: 'Admin', route: '/admin/kyc/review', language });
  const card = await screen.findByTestId('kyc-card');
  await rendered.user.click(within(card).getByRole('button'));
  return Object.assign(await screen.findByTestId('kyc-review-dialog'), { user: rendered.user });
}

/** The value shown under a field's label in the dialog. */
const shownUnder = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('KYC review', () => {
  it('names the country, and shows the date of birth, the submission time and the document type in words', async () => {
    const dialog = await openReview('en');
    expect(shownUnder(dialog, 'Country')).toBe('France');
    expect(shownUnder(dialog, 'Date of birth')).toBe('Apr 12, 1990');
    expect(shownUnder(dialog, 'Submitted on')).toBe('Mar 4, 2026, 2:05 PM');
    expect(shownUnder(dialog, 'Document type')).toBe('National ID card');
    expect(shownUnder(dialog, 'Status')).toBe('Under Review');
    expect(dialog.textContent).not.toContain('1990-04-12');
    expect(dialog.textContent).not.toMatch(/\bFR\b/);
    expect(dialog.textContent).not.toContain('national_id');
  });

  it("speaks the admin's language", async () => {
    const dialog = await openReview('de');
    expect(shownUnder(dialog, 'Land')).toBe('Frankreich');
    expect(shownUnder(dialog, 'Geburtsdatum')).toBe('12.04.1990');
  });

  it('shows when and by whom a decided submission was reviewed', async () => {
    const decided = makeKyc({
      status: 'approved',
      reviewedAt: '2026-03-05T09:30:00.000Z',
      reviewedBy: { firstname: 'Grace', lastname: 'Hopper' },
    });
    const dialog = await openReview('fr', makeKyc(), decided);
    expect(await within(dialog).findByText('Examiné le', { selector: 'dt' })).toBeInTheDocument();
    expect(shownUnder(dialog, 'Examiné le')).toBe('5 mars 2026, 09:30');
    expect(shownUnder(dialog, 'Pays')).toBe('France');
    expect(shownUnder(dialog, 'Date de naissance')).toBe('12 avr. 1990');
  });

  it('rejects only with a reason the client will read, asked for in a dialog of its own', async () => {
    const review = await openReview('en');
    const { user } = review;
    const sent = answer(rejectKyc, () => ({ message: messageText('kyc.rejected') }));
    await user.click(within(review).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Ada Lovelace's documents" });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Rejection reason is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), '  The document number is cut off ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByTestId('kyc-review-dialog')).not.toBeInTheDocument());
    expect(sent.map(({ body }) => body)).toEqual([{ notes: 'The document number is cut off' }]);
  });
});
