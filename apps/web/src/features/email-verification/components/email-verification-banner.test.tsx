import { resendVerificationEmail } from '@meridian/contracts/endpoints/email-verification';
import { getClient } from '@meridian/contracts/endpoints/profile';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeAuth, makeUser, refuse, renderWithProviders } from '@/test';
import { EmailVerificationBanner } from './email-verification-banner';

const unverified = makeUser({ emailVerified: false, email: 'ada@example.com' });

function renderBanner(user = unverified, language: 'en' | 'de' = 'en') {
  answer(getClient, () => user);
  return renderWithProviders(<EmailVerificationBanner user={user} />, {
    session: makeAuth('Client', user),
    route: '/user',
    language,
  });
}

describe('EmailVerificationBanner', () => {
  it('says why money waits, names the address, and mails a new link in the reader’s language on "Resend the email"', async () => {
    const sent = answer(resendVerificationEmail, () => ({
      message: 'We sent a new verification link to ada@example.com',
    }));
    const { user } = renderBanner();
    const banner = screen.getByTestId('email-verification-banner');
    expect(banner).toHaveTextContent('Verify your email address');
    expect(banner).toHaveTextContent(
      'We sent a link to ada@example.com. Until you open it, deposits, withdrawals, investments, positions and signals stay closed.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend the email' }));
    expect(await screen.findByText('We sent a new verification link to ada@example.com')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ lang: 'en' });
  });

  it('shows the server’s wait when a link was mailed less than a minute ago', async () => {
    answer(resendVerificationEmail, () =>
      refuse(429, { error: 'RATE_LIMITED', key: 'email-verification.tooSoon', params: { seconds: 42 } }),
    );
    const { user } = renderBanner(unverified, 'de');
    await user.click(screen.getByRole('button', { name: 'E-Mail erneut senden' }));
    expect(
      await screen.findByText(
        'Vor weniger als einer Minute wurde eine Bestätigungs-E-Mail gesendet. Warten Sie 42 Sekunden, bevor Sie eine weitere anfordern',
      ),
    ).toBeVisible();
  });

  it('shows nothing once the address is verified', () => {
    renderBanner(makeUser({ emailVerified: true }));
    expect(screen.queryByTestId('email-verification-banner')).not.toBeInTheDocument();
  });
});
