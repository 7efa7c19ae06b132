import type { TKycStatus } from '@meridian/contracts/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, textOf } from '@/test';
import { KycStatusBanner } from './kyc-status-banner';

function renderBanner(isVerified: boolean, kycStatus: TKycStatus, language: 'en' | 'fr' = 'en') {
  return renderWithProviders(<KycStatusBanner account={{ isVerified, kycStatus }} />, {
    session: 'Client',
    route: '/user',
    language,
  });
}

describe('KycStatusBanner', () => {
  it.each([
    [
      'not submitted',
      'Your identity is not verified yet. Submit your identity documents',
      'Submit documents',
      '/user/kyc/submit',
    ],
    ['pending', 'Your documents are being reviewed.', 'View status', '/user/kyc/status'],
    [
      'rejected',
      'Your documents were rejected. See the reason and submit them again.',
      'Submit again',
      '/user/kyc/submit',
    ],
    ['approved', 'Your verification was withdrawn.', 'Submit again', '/user/kyc/submit'],
  ] as const)(
    'an unverified client whose documents are %s is told the missing step and sent to it',
    (kycStatus, text, link, to) => {
      renderBanner(false, kycStatus);
      const banner = screen.getByTestId('kyc-banner');
      expect(banner).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', to);
    },
  );

  it.each(['not submitted', 'pending', 'rejected', 'approved'] as const)(
    'says nothing to a verified client, whether or not documents are approved (%s)',
    (kycStatus) => {
      renderBanner(true, kycStatus);
      expect(screen.queryByTestId('kyc-banner')).not.toBeInTheDocument();
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    },
  );

  it('speaks the reader’s language', () => {
    renderBanner(false, 'rejected', 'fr');
    expect(screen.getByTestId('kyc-banner')).toHaveTextContent(textOf('kyc:banner.resubmit', {}, 'fr'));
    expect(screen.getByRole('link', { name: textOf('kyc:banner.resubmitAction', {}, 'fr') })).toBeInTheDocument();
  });
});
