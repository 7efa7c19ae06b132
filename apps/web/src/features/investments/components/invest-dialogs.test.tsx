import { getBalance } from '@meridian/contracts/endpoints/balances';
import { createInvestmentViaDeposit, investFromBalance } from '@meridian/contracts/endpoints/investments';
import type { TInvestment } from '@meridian/contracts/investments';
import type { TDepositMethod } from '@meridian/contracts/methods';
import type { UseQueryResult } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answer,
  deferred,
  IDS,
  makeBalance,
  makeDepositMethod,
  makeInvestmentTerms,
  makePlan,
  makeTransaction,
  refuse,
  renderWithProviders,
} from '@/test';
import { InvestFromBalanceDialog } from './invest-from-balance-dialog';
import { InvestViaDepositDialog } from './invest-via-deposit-dialog';

const plan = makePlan();
const method = makeDepositMethod();

function makeInvestment(amount: number): TInvestment {
  return {
    ...makeTransaction({
      type: 'Investment',
      amount,
      direction: 'out',
      depositMethod: null,
      investmentPlan: { id: plan.id, name: plan.name },
    }),
    terms: makeInvestmentTerms({ interest: plan.interest, duration: plan.duration, noOfTimes: plan.noOfTimes }),
  };
}

describe('Invest From Balance', () => {
  function renderDialog() {
    const rendered = renderWithProviders(
      <InvestFromBalanceDialog plan={plan} userId={IDS.client} onClose={vi.fn()} />,
      { session: 'Client', route: `/user/investmentplan/${plan.id}` },
    );
    return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Invest From Balance' }) };
  }

  it('shows the plan’s limits and the balance, and requires an amount', async () => {
    answer(getBalance, () => makeBalance({ balance: 750.5 }));
    const { user, dialog } = renderDialog();
    await waitFor(() => expect(within(dialog).getByTestId('available-balance')).toHaveTextContent('$750.50'));
    const amount = screen.getByLabelText('Amount (USD)');
    expect(amount).toHaveAccessibleDescription('Between $100.00 and $10,000.00');
    expect(amount).toHaveAttribute('step', '0.01');

    await user.click(screen.getByRole('button', { name: 'Invest Now' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Amount is required'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses amounts outside the plan’s limits and above the balance, without asking the server', async () => {
    answer(getBalance, () => makeBalance({ balance: 750.5 }));
    const sent = answer(investFromBalance, () => ({ message: 'x', investment: makeInvestment(1) }));
    const { user, dialog } = renderDialog();
    await waitFor(() => expect(within(dialog).getByTestId('available-balance')).toHaveTextContent('$750.50'));
    const amount = screen.getByLabelText('Amount (USD)');

    await user.type(amount, '99.99');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Minimum amount is $100.00'));
    await user.clear(amount);
    await user.type(amount, '10000.01');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Maximum amount is $10,000.00'));
    await user.clear(amount);
    await user.type(amount, '800');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Insufficient balance'));
    await user.click(screen.getByRole('button', { name: 'Invest Now' }));
    expect(sent).toHaveLength(0);
  });

  it('previews the earnings, invests with an idempotency key, says so, and goes to the dashboard', async () => {
    answer(getBalance, () => makeBalance({ balance: 750.5 }));
    const sent = answer(investFromBalance, ({ body }) => ({
      message: 'Investment successfully made from balance!',
      investment: makeInvestment(Number(body.amount)),
    }));
    const { user, location } = renderDialog();
    await user.type(screen.getByLabelText('Amount (USD)'), '200');
    expect(await screen.findByTestId('earnings-example')).toHaveTextContent(
      'Investing $200.00 earns $40.00 in total: 30 × $1.33. The last one pays $1.43.',
    );
    await user.click(screen.getByRole('button', { name: 'Invest Now' }));

    const success = await screen.findByTestId('invest-success');
    expect(success).toHaveTextContent('Investment successfully made from balance!');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amount: '200', user: IDS.client, investmentPlan: plan.id });
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/\S{8,}/);
    // It closes by itself 3 s later and goes to the dashboard.
    await waitFor(() => expect(location()).toBe('/user'), { timeout: 5000 });
  });

  it('disables the form while the investment is on its way', async () => {
    answer(getBalance, () => makeBalance());
    const hold = deferred();
    answer(investFromBalance, async () => {
      await hold.promise;
      return { message: 'ok', investment: makeInvestment(150) };
    });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount (USD)'), '150');
    await user.click(screen.getByRole('button', { name: 'Invest Now' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByLabelText('Amount (USD)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    hold.resolve();
    expect(await screen.findByTestId('invest-success')).toBeInTheDocument();
  });

  it('shows the server’s refusal as a toast and next to the amount', async () => {
    // The balance could not be read here, so only the server knows it is short.
    answer(getBalance, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.notFound' }));
    answer(investFromBalance, () =>
      refuse(422, {
        error: 'INSUFFICIENT_FUNDS',
        key: 'errors.insufficientBalance',
        fieldKeys: { amount: { key: 'errors.insufficientBalance', params: {} } },
      }),
    );
    const { user } = renderDialog();
    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '500');
    await user.click(screen.getByRole('button', { name: 'Invest Now' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Insufficient balance'));
    // The toast says it too.
    expect(await screen.findAllByText('Insufficient balance')).toHaveLength(2);
    expect(screen.queryByTestId('invest-success')).not.toBeInTheDocument();
  });
});

describe('Invest Via Deposit', () => {
  const methods = (list: TDepositMethod[]) =>
    ({ data: list, isPending: false, isError: false, isSuccess: true, isFetching: false }) as UseQueryResult<
      TDepositMethod[]
    >;

  function renderDialog(list: TDepositMethod[] = [method]) {
    const rendered = renderWithProviders(
      <InvestViaDepositDialog plan={plan} userId={IDS.client} methods={methods(list)} onClose={vi.fn()} />,
      { session: 'Client', route: `/user/investmentplan/${plan.id}` },
    );
    return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Invest Via Deposit' }) };
  }

  it('requires a deposit method and an amount within the plan’s limits', async () => {
    const sent = answer(createInvestmentViaDeposit, () => ({ message: 'x', investment: makeInvestment(1) }));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Create Investment' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Deposit method')).toHaveAccessibleDescription('Please select a deposit method'),
    );
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Amount is required');

    await user.type(screen.getByLabelText('Amount (USD)'), '50');
    await waitFor(() =>
      expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Minimum amount is $100.00'),
    );
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '20000');
    await waitFor(() =>
      expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Maximum amount is $10,000.00'),
    );
    expect(sent).toHaveLength(0);
  });

  it('creates the investment and shows the address to pay to, with a copy button', async () => {
    const sent = answer(createInvestmentViaDeposit, ({ body }) => ({
      message: 'Investment Successfully Created',
      investment: makeInvestment(Number(body.amount)),
      deposit: makeTransaction({ amount: Number(body.amount) }),
    }));
    const { user } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Deposit method'), method.id);
    await user.type(screen.getByLabelText('Amount (USD)'), '250');
    await user.click(screen.getByRole('button', { name: 'Create Investment' }));

    const success = await screen.findByTestId('invest-success');
    expect(success).toHaveTextContent('Investment Successfully Created');
    expect(within(success).getByTestId('invest-wallet-address')).toHaveTextContent(method.value);
    expect(success).toHaveTextContent('$250.00');
    expect(within(success).getByRole('button', { name: 'Copy wallet address' })).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      amount: '250',
      depositMethod: method.id,
      user: IDS.client,
      investmentPlan: plan.id,
    });
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/\S{8,}/);
  });

  it('says when there is no deposit method to pay with', () => {
    renderDialog([]);
    expect(screen.getByText('No payment methods available')).toBeInTheDocument();
    expect(screen.getByLabelText('Deposit method')).toBeDisabled();
  });

  it('shows a refusal that names no field above the buttons', async () => {
    answer(createInvestmentViaDeposit, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.planNotFound' }));
    const { user } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Deposit method'), method.id);
    await user.type(screen.getByLabelText('Amount (USD)'), '250');
    await user.click(screen.getByRole('button', { name: 'Create Investment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Investment plan not found');
  });
});
