import { createDeposit } from '@meridian/contracts/endpoints/deposits';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answer,
  deferred,
  IDS,
  makeDepositMethod,
  makeTransaction,
  refuse,
  renderWithProviders,
  skipAhead,
  textOf,
} from '@/test';
import { DepositDialog } from './deposit-dialog';

const method = makeDepositMethod();

function renderDialog(options: Parameters<typeof renderWithProviders>[1] = {}, props = {}) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <DepositDialog method={method} userId={IDS.client} onClose={onClose} {...props} />,
    { session: 'Client', route: '/user/deposit/method', ...options },
  );
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

/** Lets the 5:00 wait run out and waits for Complete Deposit. */
async function endTheWait() {
  skipAhead(301_000);
  return screen.findByRole('button', { name: 'Complete Deposit' });
}

describe('DepositDialog', () => {
  it('shows the method, its address and limits, and makes the client wait 5:00', () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('heading', { name: 'Make Deposit' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('USDT (TRC20)');
    expect(dialog).toHaveTextContent(method.value);
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Between $10.00 and $50,000.00');
    expect(screen.getByRole('button', { name: 'Wait 5:00' })).toBeDisabled();
  });

  it('refuses an amount below the method minimum next to the field, without asking the server', async () => {
    const { user } = renderDialog();
    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '5');
    expect(await screen.findByText('Minimum amount is $10.00')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('Minimum amount is $10.00');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('records the deposit with the amount typed, the method and the client, then shows the success', async () => {
    const sent = answer(createDeposit, ({ body }) => ({
      message: 'Deposit Successfully',
      deposit: makeTransaction({ amount: Number(body.amount) }),
    }));
    const { user, location } = renderDialog();
    await user.type(screen.getByLabelText('Amount (USD)'), '250.75');
    await user.click(await endTheWait());

    const success = await screen.findByTestId('success-panel');
    expect(success).toHaveTextContent('Deposit Successfully');
    expect(success).toHaveTextContent('Your deposit is recorded as Pending');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amount: '250.75', depositMethod: method.id, user: IDS.client });
    expect(sent[0]?.request.headers.get('idempotency-key')).toMatch(/\S{8,}/);

    await user.click(within(success).getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/user');
  });

  it('lets a client who has already sent the funds declare at once with “I have sent it”, with the hash', async () => {
    const sent = answer(createDeposit, ({ body }) => ({
      message: 'Deposit Successfully',
      deposit: makeTransaction({ amount: Number(body.amount), reference: String(body.reference ?? '') || null }),
    }));
    const { user } = renderDialog();
    expect(screen.getByRole('button', { name: 'Wait 5:00' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'I have sent it' }));

    expect(screen.getByLabelText('Amount (USD)')).toHaveFocus();
    expect(screen.getByTestId('deposit-countdown')).toHaveTextContent('You can now complete your deposit.');
    expect(screen.queryByRole('button', { name: 'I have sent it' })).not.toBeInTheDocument();
    const hash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    await user.type(screen.getByLabelText('Amount (USD)'), '250.75');
    await user.type(screen.getByLabelText('Transaction hash or reference (optional)'), hash);
    await user.click(screen.getByRole('button', { name: 'Complete Deposit' }));

    expect(await screen.findByTestId('success-panel')).toHaveTextContent('Deposit Successfully');
    expect(sent[0]?.body).toEqual({ amount: '250.75', depositMethod: method.id, user: IDS.client, reference: hash });
  });

  it('disables the form while the deposit is being recorded', async () => {
    const hold = deferred();
    answer(createDeposit, async () => {
      await hold.promise;
      return { message: 'Deposit Successfully', deposit: makeTransaction() };
    });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.click(await endTheWait());

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByLabelText('Amount (USD)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    hold.resolve();
    expect(await screen.findByTestId('success-panel')).toBeInTheDocument();
  });

  it('shows the server refusing the amount next to the field, in Japanese, with the minimum', async () => {
    // The client's copy of the method allows $5; the server's minimum is $10.00.
    answer(createDeposit, () =>
      refuse(422, {
        error: 'VALIDATION',
        key: 'validation.amountMin',
        params: { min: '$10.00' },
        fieldKeys: { amount: { key: 'validation.amountMin', params: { min: '$10.00' } } },
      }),
    );
    const { user } = renderDialog({ language: 'ja' }, { method: makeDepositMethod({ minAmount: 5 }) });
    const amount = screen.getByLabelText(textOf('deposits:deposit.amount', {}, 'ja'));
    await user.type(amount, '7');
    skipAhead(301_000);
    await user.click(await screen.findByRole('button', { name: textOf('deposits:deposit.submit', {}, 'ja') }));

    const japanese = textOf('validation:amountMin', { min: '$10.00' }, 'ja');
    expect(japanese).toBe('最低金額は $10.00 です');
    await waitFor(() => expect(amount).toHaveAccessibleDescription(japanese));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(japanese);
    expect(screen.queryByTestId('success-panel')).not.toBeInTheDocument();
  });

  it('shows a refusal that names no field above the buttons, in the reader’s words', async () => {
    answer(createDeposit, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.methodNotFound' }));
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.click(await endTheWait());
    expect(await screen.findByText(textOf('errors:methodNotFound'))).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).not.toHaveAttribute('aria-invalid');
  });
});
