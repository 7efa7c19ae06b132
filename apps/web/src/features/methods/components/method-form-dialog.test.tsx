import {
  createDepositMethod,
  createWithdrawalMethod,
  updateDepositMethod,
} from '@meridian/contracts/endpoints/methods';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, makeDepositMethod, makeWithdrawalMethod, refuse, renderWithProviders, textOf } from '@/test';
import { MethodFormDialog, type MethodFormDialogProps } from './method-form-dialog';

function renderDialog(props: Omit<MethodFormDialogProps, 'onClose'>, language?: 'en' | 'it') {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<MethodFormDialog onClose={onClose} {...props} />, {
    session: 'Admin',
    route: '/admin/depositmethods',
    ...(language ? { language } : {}),
  });
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

describe('MethodFormDialog', () => {
  it('creates a deposit method with its address and limits, says so and locks the form', async () => {
    const sent = answer(createDepositMethod, ({ body }) => ({
      message: messageText('methods.depositMethodCreated'),
      depositMethod: makeDepositMethod({
        name: String(body.name),
        minAmount: Number(body.minAmount),
        maxAmount: Number(body.maxAmount),
      }),
    }));
    const { user, dialog } = renderDialog({ kind: 'deposit' });
    expect(dialog).toHaveAccessibleName('Create New Deposit Method');
    await user.type(screen.getByLabelText('Method name'), 'USDT (TRC20)');
    await user.type(screen.getByLabelText('Payment address'), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await user.type(screen.getByLabelText('Description'), 'Tether on TRON');
    await user.type(screen.getByLabelText('Minimum amount (USD)'), '10');
    await user.type(screen.getByLabelText('Maximum amount (USD)'), '50000.50');
    await user.click(screen.getByRole('button', { name: 'Create New Method' }));

    expect(await within(dialog).findByText('New Deposit Method Created Successfully')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([
      {
        name: 'USDT (TRC20)',
        value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        description: 'Tether on TRON',
        minAmount: '10',
        maxAmount: '50000.50',
      },
    ]);
    expect(screen.getByLabelText('Method name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create New Method' })).toBeDisabled();
  });

  it('asks a withdrawal method for no address, and names every missing field', async () => {
    const { user, dialog } = renderDialog({ kind: 'withdrawal' });
    expect(dialog).toHaveAccessibleName('Create New Withdrawal Method');
    expect(screen.queryByLabelText('Payment address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create New Method' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Method name')).toHaveAccessibleDescription(
        messageText('validation.methodNameRequired'),
      ),
    );
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description is required');
    expect(screen.getByLabelText('Minimum amount (USD)')).toHaveAccessibleDescription('Minimum amount is required');
    expect(screen.getByLabelText('Maximum amount (USD)')).toHaveAccessibleDescription('Maximum amount is required');
  });

  it('creates a withdrawal method without an address field in the request', async () => {
    const sent = answer(createWithdrawalMethod, () => ({
      message: messageText('methods.withdrawalMethodCreated'),
      withdrawalMethod: makeWithdrawalMethod(),
    }));
    const { user, dialog } = renderDialog({ kind: 'withdrawal' });
    await user.type(screen.getByLabelText('Method name'), 'Bitcoin');
    await user.type(screen.getByLabelText('Description'), 'BTC on-chain');
    await user.type(screen.getByLabelText('Minimum amount (USD)'), '20');
    await user.type(screen.getByLabelText('Maximum amount (USD)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Create New Method' }));
    expect(await within(dialog).findByText('New Withdrawal Method Created Successfully')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ name: 'Bitcoin', description: 'BTC on-chain', minAmount: '20', maxAmount: '1000' });
  });

  it('refuses a minimum above the maximum next to the maximum', async () => {
    const { user } = renderDialog({ kind: 'withdrawal' });
    await user.type(screen.getByLabelText('Method name'), 'Bitcoin');
    await user.type(screen.getByLabelText('Description'), 'BTC on-chain');
    await user.type(screen.getByLabelText('Minimum amount (USD)'), '500');
    await user.type(screen.getByLabelText('Maximum amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Create New Method' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Maximum amount (USD)')).toHaveAccessibleDescription(
        'The minimum cannot be above the maximum',
      ),
    );
  });

  it('refuses a payment address of another network than the name says, next to the address, before sending', async () => {
    const { user } = renderDialog({ kind: 'deposit' });
    await user.type(screen.getByLabelText('Method name'), 'USDT (ERC20)');
    const address = screen.getByLabelText('Payment address');
    await user.type(address, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await user.type(screen.getByLabelText('Description'), 'Tether on Ethereum');
    await user.type(screen.getByLabelText('Minimum amount (USD)'), '10');
    await user.type(screen.getByLabelText('Maximum amount (USD)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Create New Method' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(
        'Enter an address of 0x followed by 40 hexadecimal characters (0-9, a-f)',
      ),
    );
    // A name of no known network takes the address as it is.
    const name = screen.getByLabelText('Method name');
    await user.clear(name);
    await user.type(name, 'Bank wire');
    await waitFor(() => expect(address).not.toHaveAttribute('aria-invalid'));
  });

  it('edits a method from its current values and sends its id with the changes', async () => {
    const method = makeDepositMethod({ id: IDS.method, minAmount: 10, maxAmount: 50_000 });
    const sent = answer(updateDepositMethod, ({ body }) => ({
      message: messageText('methods.depositMethodUpdated'),
      depositMethod: { ...method, minAmount: Number(body.minAmount) },
    }));
    const { user, dialog } = renderDialog({ kind: 'deposit', method });
    expect(dialog).toHaveAccessibleName('Edit Deposit Method');
    expect(screen.getByLabelText('Method name')).toHaveValue('USDT (TRC20)');
    expect(screen.getByLabelText('Payment address')).toHaveValue(method.value);
    const min = screen.getByLabelText('Minimum amount (USD)');
    expect(min).toHaveValue(10);
    await user.clear(min);
    await user.type(min, '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('Deposit Method Updated Successfully')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({
      id: IDS.method,
      name: 'USDT (TRC20)',
      value: method.value,
      description: method.description,
      minAmount: '25',
      maxAmount: '50000',
    });
  });

  it('puts a field the server refuses next to it, in the reader’s language', async () => {
    answer(createDepositMethod, () =>
      refuse(400, {
        error: 'VALIDATION',
        key: 'validation.minAboveMax',
        fieldKeys: { maxAmount: { key: 'validation.minAboveMax', params: {} } },
      }),
    );
    const { user } = renderDialog({ kind: 'deposit' }, 'it');
    const label = (field: string) => textOf(`methods:admin.fields.${field}`, {}, 'it');
    const fields = {
      name: label('name'),
      value: label('value'),
      description: label('description'),
      minAmount: label('minAmount'),
      maxAmount: label('maxAmount'),
    };
    await user.type(screen.getByLabelText(fields.name), 'USDT');
    await user.type(screen.getByLabelText(fields.value), 'TWallet');
    await user.type(screen.getByLabelText(fields.description), 'Tether');
    await user.type(screen.getByLabelText(fields.minAmount), '10');
    await user.type(screen.getByLabelText(fields.maxAmount), '20');
    await user.click(screen.getByRole('button', { name: 'Crea nuovo metodo' }));
    await waitFor(() =>
      expect(screen.getByLabelText(fields.maxAmount)).toHaveAccessibleDescription(
        'Il minimo non può essere superiore al massimo',
      ),
    );
  });

  it('shows a refusal that names no field in an alert', async () => {
    answer(updateDepositMethod, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.methodNotFound' }));
    const { user, dialog } = renderDialog({ kind: 'deposit', method: makeDepositMethod() });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messageText('errors.methodNotFound'));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });
});
