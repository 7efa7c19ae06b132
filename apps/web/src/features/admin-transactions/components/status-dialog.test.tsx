import { setDepositStatus } from '@meridian/contracts/endpoints/deposits';
import { setTransactionStatus } from '@meridian/contracts/endpoints/transactions';
import { setWithdrawalStatus } from '@meridian/contracts/endpoints/withdrawals';
import type { TTransaction } from '@meridian/contracts/transactions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, makeTransaction, refuse, renderWithProviders } from '@/test';
import { statusRuleOf } from '../utils/record-rules';
import { StatusDialog } from './status-dialog';

function renderDialog(record: TTransaction, options: Parameters<typeof renderWithProviders>[1] = {}) {
  const rule = statusRuleOf(record);
  if (!rule) throw new Error(`no status rule for ${record.type}`);
  const onClose = vi.fn();
  const rendered = renderWithProviders(<StatusDialog record={record} rule={rule} onClose={onClose} />, {
    session: 'Admin',
    route: '/admin/deposits',
    ...options,
  });
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

const deposit = makeTransaction({ status: 'Pending' });
const withdrawal = makeTransaction({
  type: 'Withdrawal',
  direction: 'out',
  depositMethod: null,
  withdrawalMethod: { id: null, name: 'USDT (TRC20)' },
  address: 'TClientOwnWallet11111111111111111',
});

describe('StatusDialog', () => {
  it('names the record and its current status, and asks for a new one before sending', async () => {
    const { user, dialog } = renderDialog(deposit);
    expect(dialog).toHaveAccessibleName('Update Status');
    expect(dialog).toHaveAccessibleDescription(`Transaction #${deposit.id.slice(-8)}`);
    expect(dialog).toHaveTextContent('Current statusPending');
    const select = screen.getByLabelText('New status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a status', 'Completed', 'Pending', 'Declined']);
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription('Please select a status'));
  });

  it('completes a deposit through the deposit call, says so, locks the form and closes', async () => {
    const sent = answer(setDepositStatus, ({ body }) => ({
      message: 'Deposit Status Updated Successfully',
      deposit: makeTransaction({ status: body.status }),
    }));
    const { user, dialog, onClose } = renderDialog(deposit);
    await user.selectOptions(screen.getByLabelText('New status'), 'Completed');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));

    expect(await within(dialog).findByText('Deposit Status Updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: deposit.id }, body: { status: 'Completed' } },
    ]);
    expect(sent[0]?.request.headers.get('idempotency-key')).toBeTruthy();
    expect(screen.getByLabelText('New status')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });

  it('declines a withdrawal through the withdrawal call', async () => {
    const sent = answer(setWithdrawalStatus, ({ body }) => ({
      message: 'Withdrawal Status Updated Successfully',
      withdrawal: { ...withdrawal, status: body.status },
    }));
    const { user, dialog } = renderDialog(withdrawal);
    await user.selectOptions(screen.getByLabelText('New status'), 'Declined');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await within(dialog).findByText('Withdrawal Status Updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ status: 'Declined' }]);
  });

  it('offers Approved, Pending and Declined for an investment, through the transaction call', async () => {
    const investment = makeTransaction({ type: 'Investment', direction: 'out', depositMethod: null });
    const sent = answer(setTransactionStatus, ({ body }) => ({
      message: 'Transaction Status Updated Successfully',
      transaction: { ...investment, status: body.status },
    }));
    const { user, dialog } = renderDialog(investment);
    const select = screen.getByLabelText('New status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a status', 'Approved', 'Pending', 'Declined']);
    await user.selectOptions(select, 'Approved');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await within(dialog).findByText('Transaction Status Updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: investment.id }, body: { status: 'Approved' } },
    ]);
  });

  it('does not let a final status change', () => {
    renderDialog({ ...withdrawal, status: 'Completed' });
    expect(screen.getByText('This status is final and cannot be changed.')).toBeInTheDocument();
    expect(screen.getByLabelText('New status')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled();
  });

  it('shows the server’s refusal in the reader’s language and lets the admin try again', async () => {
    answer(setWithdrawalStatus, () => refuse(409, { error: 'CONFLICT', key: 'errors.statusFinal' }));
    const { user, dialog } = renderDialog(withdrawal, { language: 'de' });
    await user.selectOptions(screen.getByRole('combobox'), 'Completed');
    await user.click(within(dialog).getByRole('button', { name: 'Status ändern' }));
    const german = 'Dieser Status ist endgültig und kann nicht geändert werden';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(german);
    expect(within(dialog).getByRole('button', { name: 'Status ändern' })).toBeEnabled();
  });
});
