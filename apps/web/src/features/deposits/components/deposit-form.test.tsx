import { createDeposit } from '@meridian/contracts/endpoints/deposits';
import { getDepositMethods } from '@meridian/contracts/endpoints/methods';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeDepositMethod, makeTransaction, renderWithProviders, skipAhead } from '@/test';
import { DepositForm } from './deposit-form';

/**
 * /user/deposit: the operator's real methods and an amount in dollars, checked against the chosen
 * method's limits, continuing into that method's Make Deposit dialog, which records the deposit.
 */

const usdt = makeDepositMethod();
const btc = makeDepositMethod({
  id: '00000000-0000-4000-8000-0000000000b7',
  name: 'Bitcoin',
  value: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  minAmount: 100,
  maxAmount: 2_000,
});

const render = () =>
  renderWithProviders(<DepositForm userId={IDS.client} />, { session: 'Client', route: '/user/deposit' });

describe('DepositForm', () => {
  it('offers the configured methods, each amount within the chosen method’s limits', async () => {
    answer(getDepositMethods, () => ({ depositMethods: [usdt, btc] }));
    const { user } = render();
    const method = await screen.findByLabelText('Deposit method');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['USDT (TRC20)', 'Bitcoin']);
    expect(method).toHaveAccessibleDescription('Processing time: Instant - 45 minutes');
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Between $10.00 and $50,000.00');

    // $50 fits USDT; Bitcoin's minimum is $100, and the amount is checked again at once.
    await user.type(screen.getByLabelText('Amount (USD)'), '50');
    await user.selectOptions(method, 'Bitcoin');
    expect(await screen.findByText('Minimum amount is $100.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('continues into the chosen method’s Make Deposit with the amount, which records the deposit', async () => {
    answer(getDepositMethods, () => ({ depositMethods: [usdt, btc] }));
    const sent = answer(createDeposit, () => ({
      message: 'Deposit Successfully',
      deposit: makeTransaction({ amount: 250.75 }),
    }));
    const { user } = render();
    await user.selectOptions(await screen.findByLabelText('Deposit method'), 'Bitcoin');
    await user.type(screen.getByLabelText('Amount (USD)'), '250.75');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Make Deposit' });
    expect(dialog).toHaveTextContent(btc.value);
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue(250.75);
    skipAhead(301_000);
    await user.click(await within(dialog).findByRole('button', { name: 'Complete Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ amount: '250.75', depositMethod: btc.id, user: IDS.client });
  });

  it('says so when no deposit method is configured', async () => {
    answer(getDepositMethods, () => ({ depositMethods: [] }));
    render();
    expect(await screen.findByText('No payment methods available')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
