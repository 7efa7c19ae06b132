import { setDepositStatus } from '@meridian/contracts/endpoints/deposits';
import { setInvestmentStatus } from '@meridian/contracts/endpoints/investments';
import { setWithdrawalStatus } from '@meridian/contracts/endpoints/withdrawals';
import type { TInvestment, TInvestmentTerms } from '@meridian/contracts/investments';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, makeInvestmentTerms, makeTransaction, refuse, renderWithProviders, textOf } from '@/test';
import { statusRuleOf, type TAdminRecord } from '../utils/record-rules';
import { StatusDialog } from './status-dialog';

function renderDialog(record: TAdminRecord, options: Parameters<typeof renderWithProviders>[1] = {}) {
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

const DEPOSIT_ID = '66666666-6666-4666-8666-666666666666';

/** An investment as the Investments list answers it: from balance (funded) unless `deposit` says otherwise. */
function makeInvestment(overrides: Partial<TInvestment> = {}, terms: Partial<TInvestmentTerms> = {}): TInvestment {
  return {
    ...makeTransaction({
      type: 'Investment',
      direction: 'out',
      amount: 1000,
      depositMethod: null,
      investmentPlan: { id: IDS.plan, name: 'Basic Plan' },
    }),
    terms: makeInvestmentTerms(terms),
    ...overrides,
  };
}

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

  it('completes a deposit only after a confirmation naming the amount and the client, then says so and closes', async () => {
    const sent = answer(setDepositStatus, ({ body }) => ({
      message: 'Deposit Status Updated Successfully',
      deposit: makeTransaction({ status: body.status }),
    }));
    const record = {
      ...deposit,
      user: { id: IDS.client, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', isVerified: true },
    };
    const { user, dialog, onClose } = renderDialog(record);
    await user.selectOptions(screen.getByLabelText('New status'), 'Completed');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));

    const confirm = await screen.findByRole('dialog', { name: 'Complete this deposit?' });
    expect(confirm).toHaveAccessibleDescription(
      "Complete the deposit of $250.75 from Ada Lovelace? This is final: $250.75 is credited to the client's balance at once, and the status can no longer be changed.",
    );
    expect(sent).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Complete and credit $250.75' }));

    expect(await within(dialog).findByText('Deposit Status Updated Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Complete this deposit?' })).not.toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: deposit.id }, body: { status: 'Completed' } },
    ]);
    expect(sent[0]?.request.headers.get('idempotency-key')).toBeTruthy();
    expect(screen.getByLabelText('New status')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });

  it('sends nothing when the completion is not confirmed, and declines a deposit without asking', async () => {
    const sent = answer(setDepositStatus, ({ body }) => ({
      message: 'Deposit Status Updated Successfully',
      deposit: makeTransaction({ status: body.status }),
    }));
    const { user, dialog } = renderDialog(deposit);
    await user.selectOptions(screen.getByLabelText('New status'), 'Completed');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    const confirm = await screen.findByRole('dialog', { name: 'Complete this deposit?' });
    expect(confirm).toHaveTextContent('from this client');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Complete this deposit?' })).not.toBeInTheDocument(),
    );
    expect(sent).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('New status'), 'Declined');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await within(dialog).findByText('Deposit Status Updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ status: 'Declined' }]);
  });

  it('completes a withdrawal with the payout hash typed, checked on the method’s network first', async () => {
    const sent = answer(setWithdrawalStatus, ({ body }) => ({
      message: 'Withdrawal Status Updated Successfully',
      withdrawal: { ...withdrawal, status: body.status, reference: body.reference ?? null },
    }));
    const { user, dialog } = renderDialog(withdrawal);
    expect(screen.queryByLabelText('Payout hash or reference (optional)')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('New status'), 'Completed');
    const reference = screen.getByLabelText('Payout hash or reference (optional)');
    const hash = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    await user.type(reference, `0x${hash}`);
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() =>
      expect(reference).toHaveAccessibleDescription(
        'A transaction hash on this network has 64 hexadecimal characters (0-9, a-f), without 0x',
      ),
    );
    expect(sent).toHaveLength(0);
    await user.clear(reference);
    await user.type(reference, hash);
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await within(dialog).findByText('Withdrawal Status Updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ status: 'Completed', reference: hash }]);
  });

  it('says a large withdrawal was sent for approval, in the reader’s language, when the server says so', async () => {
    answer(setWithdrawalStatus, () => ({
      message: messageText('approvals.requested'),
      // Four eyes: nothing moved, the withdrawal stays Pending (docs/money.md, "Four-eyes approval").
      withdrawal: { ...withdrawal, status: 'Pending' as const },
    }));
    const { user, dialog } = renderDialog(withdrawal, { language: 'de' });
    await user.selectOptions(screen.getByLabelText(textOf('transactions:status.newStatus', {}, 'de')), 'Completed');
    await user.click(within(dialog).getByRole('button', { name: textOf('transactions:status.submit', {}, 'de') }));
    const requested = textOf('approvals:requested', {}, 'de');
    expect(await within(dialog).findByText(requested)).toBeInTheDocument();
    expect(within(dialog).queryByText(textOf('withdrawals:withdrawalStatusUpdated', {}, 'de'))).not.toBeInTheDocument();
    // The toast says it too.
    expect(await screen.findAllByText(requested)).toHaveLength(2);
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

  it('offers Approved, Pending and Declined for an investment, through the investment call', async () => {
    const investment = makeInvestment();
    const sent = answer(setInvestmentStatus, () => ({
      message: messageText('investments.statusUpdated'),
      investment: { ...investment, status: 'Approved' as const },
    }));
    const { user, dialog, onClose } = renderDialog(investment, { route: '/admin/investments' });
    const select = screen.getByLabelText('New status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a status', 'Approved', 'Pending', 'Declined']);
    await user.selectOptions(select, 'Approved');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await within(dialog).findByText('Investment Status Updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: investment.id }, body: { status: 'Approved' } },
    ]);
    expect(sent[0]?.request.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
  });

  it('locks an Approved investment and a Declined one', () => {
    for (const status of ['Approved', 'Declined'] as const) {
      const { unmount } = renderDialog(makeInvestment({ status }));
      expect(screen.getByText('This status is final and cannot be changed.')).toBeInTheDocument();
      expect(screen.getByLabelText('New status')).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled();
      unmount();
    }
  });

  it('says an investment waits for its deposit and does not offer Approved until it came', async () => {
    const investment = makeInvestment({}, { deposit: { id: DEPOSIT_ID, status: 'Pending' }, funded: false });
    const sent = answer(setInvestmentStatus, () => ({
      message: messageText('investments.statusUpdated'),
      investment: { ...investment, status: 'Declined' as const },
    }));
    const { user, dialog } = renderDialog(investment);
    expect(within(dialog).getByTestId('status-deposit-wait')).toHaveTextContent(
      `Waiting for deposit This investment is paid by deposit #${DEPOSIT_ID.slice(-8)}`,
    );
    expect(within(dialog).getByRole('option', { name: 'Approved' })).toBeDisabled();
    // Declining it is still possible.
    await user.selectOptions(screen.getByLabelText('New status'), 'Declined');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await within(dialog).findByText('Investment Status Updated Successfully')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ status: 'Declined' }]);
  });

  it('says so when the deposit was declined', () => {
    renderDialog(makeInvestment({}, { deposit: { id: DEPOSIT_ID, status: 'Declined' }, funded: false }));
    expect(screen.getByTestId('status-deposit-wait')).toHaveTextContent('Deposit declined');
    expect(screen.getByRole('option', { name: 'Approved' })).toBeDisabled();
  });

  it('shows the server’s refusal to approve an investment whose deposit has not come', async () => {
    // From a list without terms the dialog cannot know: the server's 409 says it.
    const { terms: _terms, ...investment } = makeInvestment();
    answer(setInvestmentStatus, () => refuse(409, { error: 'CONFLICT', key: 'errors.investmentDepositPending' }));
    const { user, dialog } = renderDialog(investment);
    expect(within(dialog).queryByTestId('status-deposit-wait')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('New status'), 'Approved');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The deposit for this investment has not been completed yet',
    );
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeEnabled();
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
