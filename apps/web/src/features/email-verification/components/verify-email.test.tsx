import { verifyEmail } from '@meridian/contracts/endpoints/email-verification';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { answer, makeAuth, makeUser, refuse, renderWithProviders } from '@/test';
import { VerifyEmail } from './verify-email';

const TOKEN = 'a'.repeat(43);

describe('VerifyEmail', () => {
  it('follows the link once as the page opens; a signed-in client’s record and way on follow', async () => {
    const sent = answer(verifyEmail, () => ({ message: 'Your email address is verified' }));
    renderWithProviders(<VerifyEmail token={TOKEN} />, {
      session: makeAuth('Client', makeUser({ emailVerified: false })),
      route: `/verify-email?token=${TOKEN}`,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your link…');
    expect(await screen.findByText('Your email address is verified')).toBeVisible();
    expect(
      screen.getByText('Deposits, withdrawals, investments, positions and signals are open to you now.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user');
    expect(sent.map((call) => call.body)).toEqual([{ token: TOKEN }]);
    expect(session.get()?.user.emailVerified).toBe(true);
  });

  it.each([
    ['email-verification.tokenUsed', 'This verification link has already been used'],
    ['email-verification.tokenExpired', 'This verification link has expired. Ask for a new one from your account.'],
    [
      'email-verification.tokenInvalid',
      'This verification link is not valid. Use the link in the newest email, or ask for a new one from your account.',
    ],
  ] as const)(
    'says why a refused link did not work (%s) and leads a signed-out reader to sign in',
    async (key, words) => {
      answer(verifyEmail, () => refuse(400, { error: 'VALIDATION', key, fieldKeys: { token: { key, params: {} } } }));
      renderWithProviders(<VerifyEmail token={TOKEN} />, { route: `/verify-email?token=${TOKEN}` });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('This link did not work');
      expect(alert).toHaveTextContent(words);
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/user/login');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    },
  );

  it('tells the reader in their language', async () => {
    answer(verifyEmail, () =>
      refuse(400, {
        error: 'VALIDATION',
        key: 'email-verification.tokenExpired',
        fieldKeys: { token: { key: 'email-verification.tokenExpired', params: {} } },
      }),
    );
    renderWithProviders(<VerifyEmail token={TOKEN} />, { route: '/verify-email', language: 'fr' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce lien de vérification a expiré. Demandez-en un nouveau depuis votre compte.',
    );
  });
});
