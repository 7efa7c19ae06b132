import type { TLanguage } from '@meridian/contracts/constants';
import { getKyc, getKycDocumentImage, getKycSelfieImage, getPendingKyc } from '@meridian/contracts/endpoints/kyc';
import { screen, within } from '@testing-library/react';
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
  return screen.findByTestId('kyc-review-dialog');
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
});
