import { addProfit, clearBalances, creditBalance, debitBalance } from '@meridian/contracts/endpoints/adjustments';
import { messageText } from '@meridian/contracts/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, deferred, IDS, makeBalance, refuse, renderWithProviders } from '@/test';
import { AdjustmentDialog, type AdjustmentDialogProps } from './adjustment-dialog';

const balance = makeBalance({ balance: 500, profitBalance: 42.5, bonus: 10, tradingBalance: 7.5, totalBalance: 552.5 });

function renderDialog(kind: AdjustmentDialogProps['kind'], options: Parameters<typeof renderWithProviders>[1] = {}) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <AdjustmentDialog kind={kind} userId={IDS.client} clientName="Ada Lovelace" balance={balance} onClose={onClose} />,
    { session: 'Admin', route: `/admin/clients/${IDS.client}`, ...options },
  );
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

describe('AdjustmentDialog', () => {
  it('credits the account with the amount and the reason, then says so and locks the form', async () => {
    const sent = answer(creditBalance, () => ({ message: 'Credit successful' }));
    const { user, dialog } = renderDialog('credit');
    expect(dialog).toHaveAccessibleName('Credit Account');
    expect(dialog).toHaveAccessibleDescription('Add money to the account balance of Ada Lovelace.');
    const amount = screen.getByLabelText('Amount (USD)');
    expect(amount).toHaveAccessibleDescription('Account balance now: $500.00');

    await user.type(amount, '150.25');
    await user.type(screen.getByLabelText('Reason'), '  Bank transfer received  ');
    await user.click(screen.getByRole('button', { name: 'Credit' }));

    expect(await within(dialog).findByText('Credit successful')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toEqual({ userId: IDS.client });
    expect(sent[0]?.body).toEqual({ amount: '150.25', reason: 'Bank transfer received' });
    expect(sent[0]?.request.headers.get('idempotency-key')).toBeTruthy();
    expect(screen.getByLabelText('Amount (USD)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Credit' })).toBeDisabled();
    // Cancel has become Close, beside the dialog's own close button.
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('asks for an amount and a reason before sending anything', async () => {
    const { user } = renderDialog('debit');
    await user.click(screen.getByRole('button', { name: 'Debit' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Amount is required');
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('A reason is required');
  });

  it('refuses a zero profit next to the amount', async () => {
    const { user } = renderDialog('profit');
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Profit balance now: $42.50');
    await user.type(screen.getByLabelText('Amount (USD)'), '0');
    await user.type(screen.getByLabelText('Reason'), 'Payout');
    await user.click(screen.getByRole('button', { name: 'Add Profit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('Amount must be greater than 0'),
    );
  });

  it('adds profit through its own endpoint', async () => {
    const sent = answer(addProfit, () => ({ message: 'Balance updated successfully' }));
    const { user } = renderDialog('profit');
    await user.type(screen.getByLabelText('Amount (USD)'), '12');
    await user.type(screen.getByLabelText('Reason'), 'Trading plan payout');
    await user.click(screen.getByRole('button', { name: 'Add Profit' }));
    expect(await within(screen.getByRole('dialog')).findByText('Balance updated successfully')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: IDS.client }, body: { amount: '12', reason: 'Trading plan payout' } },
    ]);
  });

  it('shows the server refusing a debit above the balance next to the amount, in the reader’s language', async () => {
    answer(debitBalance, () =>
      refuse(422, {
        error: 'INSUFFICIENT_FUNDS',
        key: 'errors.insufficientBalance',
        fieldKeys: { amount: { key: 'errors.insufficientBalance', params: {} } },
      }),
    );
    const { user } = renderDialog('debit', { language: 'fr' });
    const amount = screen.getByLabelText('Montant (USD)');
    await user.type(amount, '900');
    await user.type(screen.getByLabelText('Motif'), 'Correction');
    await user.click(screen.getByRole('button', { name: 'Débiter' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription('Solde insuffisant');
  });

  it('shows a refusal that names no field in an alert', async () => {
    answer(creditBalance, () => refuse(404, { error: 'NOT_FOUND', key: 'errors.notFound' }));
    const { user } = renderDialog('credit');
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.type(screen.getByLabelText('Reason'), 'Top-up');
    await user.click(screen.getByRole('button', { name: 'Credit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('button', { name: 'Credit' })).toBeEnabled();
  });

  it('clears every balance with only a reason, after warning how much goes back', async () => {
    const sent = answer(clearBalances, () => ({ message: 'All user balance cleared' }));
    const { user, dialog } = renderDialog('clear');
    expect(screen.queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('($560.00 together) go back to the platform');
    await user.type(screen.getByLabelText('Reason'), 'Account closed');
    await user.click(screen.getByRole('button', { name: 'Clear all balances' }));
    expect(await within(dialog).findByText('All user balance cleared')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: IDS.client }, body: { reason: 'Account closed' } },
    ]);
  });

  it('says a large debit was sent for approval when the server says so, not that it was done', async () => {
    answer(debitBalance, () => ({ message: messageText('approvals.requested') }));
    const { user, dialog } = renderDialog('debit');
    await user.type(screen.getByLabelText('Amount (USD)'), '25000');
    await user.type(screen.getByLabelText('Reason'), 'Chargeback');
    await user.click(screen.getByRole('button', { name: 'Debit' }));
    const requested = 'Sent for approval: a second staff member must approve it before any money moves';
    expect(await within(dialog).findByText(requested)).toBeInTheDocument();
    expect(within(dialog).queryByText(messageText('adjustments.debited'))).not.toBeInTheDocument();
    expect(await screen.findAllByText(requested)).toHaveLength(2);
  });

  it('stays open and busy while the action runs', async () => {
    const hold = deferred();
    answer(creditBalance, async () => {
      await hold.promise;
      return { message: 'Credit successful' };
    });
    const { user, onClose } = renderDialog('credit');
    await user.type(screen.getByLabelText('Amount (USD)'), '10');
    await user.type(screen.getByLabelText('Reason'), 'Top-up');
    await user.click(screen.getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Credit' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    hold.resolve();
    expect(await within(screen.getByRole('dialog')).findByText('Credit successful')).toBeInTheDocument();
  });
});
