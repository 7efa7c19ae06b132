import { getDepositMethods } from '@meridian/contracts/endpoints/methods';
import { twoFactorStatus } from '@meridian/contracts/endpoints/two-factor';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeDepositMethod, renderWithProviders } from '@/test';
import { DepositProcessPage } from './deposit-process';

/**
 * /user/deposit-process: the operator's real deposit methods (not three fixed ones), the four steps
 * and confirmation times the dashboard's Learn more shows, and the client's own two-factor sign-in.
 */

const usdt = makeDepositMethod();
const btc = makeDepositMethod({ id: '00000000-0000-4000-8000-0000000000b7', name: 'Bitcoin', minAmount: 100 });
const twoFactor = (enabled: boolean) => ({
  enabled,
  recoveryCodesLeft: enabled ? 10 : 0,
  required: false,
  sessionVerified: enabled,
});

const render = () => renderWithProviders(<DepositProcessPage />, { session: 'Client', route: '/user/deposit-process' });

describe('the deposit guide page', () => {
  it('lists the configured methods, each leading to its deposit, then the four steps', async () => {
    answer(getDepositMethods, () => ({ depositMethods: [usdt, btc] }));
    answer(twoFactorStatus, () => twoFactor(false));
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'How to deposit' })).toBeVisible();
    const methods = await screen.findByTestId('deposit-process-methods');
    expect(
      within(methods)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['USDT (TRC20)', 'Bitcoin']);
    expect(within(methods).getByRole('link', { name: 'Deposit with Bitcoin' })).toHaveAttribute(
      'href',
      `/user/depositmethod/${btc.id}`,
    );
    expect(within(methods).getAllByText('Instant - 45 minutes')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start a deposit' })).toHaveAttribute('href', '/user/deposit');

    const steps = screen.getByTestId('deposit-guide-steps');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(steps).toHaveTextContent('Confirmation takes from instant to about 30 minutes');
  });

  it('says whether the client’s two-factor sign-in is on, with the way to Security', async () => {
    answer(getDepositMethods, () => ({ depositMethods: [usdt] }));
    answer(twoFactorStatus, () => twoFactor(false));
    render();
    const note = await screen.findByTestId('two-factor-note');
    expect(await within(note).findByText('Off')).toBeVisible();
    expect(note).toHaveTextContent('a stolen password alone is not enough');
    expect(within(note).getByRole('link', { name: 'Security settings' })).toHaveAttribute('href', '/user/security');
  });

  it('says it is on when it is', async () => {
    answer(getDepositMethods, () => ({ depositMethods: [usdt] }));
    answer(twoFactorStatus, () => twoFactor(true));
    render();
    const note = await screen.findByTestId('two-factor-note');
    expect(await within(note).findByText('On')).toBeVisible();
    expect(note).toHaveTextContent('Signing in asks for a code from your authenticator app');
  });

  it('shows the empty state, and no way to start, when no method is configured', async () => {
    answer(getDepositMethods, () => ({ depositMethods: [] }));
    answer(twoFactorStatus, () => twoFactor(false));
    render();
    expect(await screen.findByText('No payment methods available')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Start a deposit' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('deposit-guide-steps')).getAllByRole('listitem')).toHaveLength(4);
  });
});
