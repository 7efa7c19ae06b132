import { getPayoutTx } from '@meridian/contracts/endpoints/chain-payouts';
import { deleteDeposit } from '@meridian/contracts/endpoints/deposits';
import { getTransaction } from '@meridian/contracts/endpoints/transactions';
import { messageText } from '@meridian/contracts/messages';
import type { TTransaction } from '@meridian/contracts/transactions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeInvestmentTerms, makeTransaction, renderWithProviders } from '@/test';
import { RecordTable } from './record-table';
import { TransactionOverview } from './transaction-overview';

const KEPT = messageText('errors.recordMovedMoney');

function renderTable(record: TTransaction) {
  const rendered = renderWithProviders(<RecordTable caption="Deposits" records={[record]} />, {
    session: 'Admin',
    route: '/admin/deposits',
  });
  // The table and the cards are both in the page; CSS shows one of them by width.
  const deleteButtons = [
    within(screen.getByTestId('record')).getByTestId('record-delete'),
    within(screen.getByTestId('record-card')).getByTestId('record-delete'),
  ];
  return { ...rendered, deleteButtons };
}

describe('RecordTable Delete', () => {
  it('disables Delete on a Completed deposit and says why up front', async () => {
    const { user, deleteButtons } = renderTable(makeTransaction({ status: 'Completed' }));
    for (const button of deleteButtons) {
      expect(button).toHaveAccessibleName('Delete');
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(KEPT);
    }
    await user.click(deleteButtons[0] as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables Delete on a withdrawal that is no longer Pending and on an adjustment', () => {
    renderWithProviders(
      <RecordTable
        caption="Transactions"
        records={[
          makeTransaction({ id: '0b9f3c1e-8a57-4f0e-9d6c-2f7e6a1b4c3d', type: 'Withdrawal', status: 'Declined' }),
          makeTransaction({ id: '1c8e2d0f-7b46-4e1d-8c5b-3e6d5a0c3b2e', type: 'Adjustment', status: 'Completed' }),
        ]}
      />,
      { session: 'Admin', route: '/admin/transactions' },
    );
    for (const row of screen.getAllByTestId('record')) {
      expect(within(row).getByTestId('record-delete')).toBeDisabled();
    }
  });

  it('opens the permanent confirmation for a Pending deposit and deletes it', async () => {
    const record = makeTransaction({ status: 'Pending' });
    const sent = answer(deleteDeposit, () => ({ message: 'Delete successfully' }));
    const { user, deleteButtons } = renderTable(record);
    const button = deleteButtons[0] as HTMLElement;
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription(KEPT);

    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName(`Delete transaction #${record.id.slice(-8)}?`);
    expect(dialog).toHaveTextContent('This action is permanent and cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Delete successfully')).toBeInTheDocument();
    expect(sent.map(({ params }) => params)).toEqual([{ id: record.id }]);
  });
});

describe('TransactionOverview Delete', () => {
  it('disables Delete on a Completed deposit with the reason shown', async () => {
    const record = makeTransaction({ status: 'Completed' });
    answer(getTransaction, () => record);
    renderWithProviders(<TransactionOverview id={record.id} />, {
      session: 'Admin',
      route: `/admin/transaction-overview/${record.id}`,
    });
    const button = await screen.findByTestId('overview-delete');
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(KEPT);
    expect(screen.getByText(KEPT)).toBeVisible();
  });

  it('keeps Delete enabled on a Pending withdrawal', async () => {
    const record = makeTransaction({ type: 'Withdrawal', status: 'Pending', direction: 'out' });
    answer(getTransaction, () => record);
    answer(getPayoutTx, () => ({ watched: false, payout: null }));
    renderWithProviders(<TransactionOverview id={record.id} />, {
      session: 'Admin',
      route: `/admin/transaction-overview/${record.id}`,
    });
    const button = await screen.findByTestId('overview-delete');
    expect(button).toBeEnabled();
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
  });
});

describe('Payouts and investments in the admin tables', () => {
  const PLAN = { id: '55555555-5555-4555-8555-555555555555', name: 'Basic Plan' };

  it('shows a paid payout as money in, with its plan, and offers no status change or delete', () => {
    renderWithProviders(
      <RecordTable
        caption="Transactions"
        records={[
          makeTransaction({
            type: 'Payout',
            status: 'Completed',
            direction: 'in',
            amount: 12.34,
            depositMethod: null,
            investmentPlan: PLAN,
          }),
        ]}
      />,
      { session: 'Admin', route: '/admin/transactions' },
    );
    const row = screen.getByTestId('record');
    expect(row).toHaveTextContent('Payout');
    expect(row).toHaveTextContent('Basic Plan');
    expect(row).toHaveTextContent('+$12.34');
    expect(within(row).getByTestId('record-status')).toBeDisabled();
    expect(within(row).getByTestId('record-delete')).toBeDisabled();
  });

  it('marks a Pending investment that waits for its deposit', () => {
    const terms = makeInvestmentTerms({
      deposit: { id: '66666666-6666-4666-8666-666666666666', status: 'Pending' },
      funded: false,
    });
    renderWithProviders(
      <RecordTable
        caption="Investments"
        records={[
          {
            ...makeTransaction({ type: 'Investment', direction: 'out', depositMethod: null, investmentPlan: PLAN }),
            terms,
          },
        ]}
      />,
      { session: 'Admin', route: '/admin/investments' },
    );
    const row = screen.getByTestId('record');
    expect(within(row).getByTestId('record-deposit-wait')).toHaveTextContent('Waiting for deposit');
    expect(within(row).getByTestId('record-status')).toBeEnabled();
  });
});

describe('TransactionOverview of a payout', () => {
  it('shows the amount as money in and says no payment method is involved', async () => {
    const record = makeTransaction({
      type: 'Payout',
      status: 'Completed',
      direction: 'in',
      amount: 7.5,
      depositMethod: null,
      investmentPlan: { id: '55555555-5555-4555-8555-555555555555', name: 'Premium Plan' },
    });
    answer(getTransaction, () => record);
    renderWithProviders(<TransactionOverview id={record.id} />, {
      session: 'Admin',
      route: `/admin/transaction-overview/${record.id}`,
    });
    expect(await screen.findByTestId('overview-amount')).toHaveTextContent('+$7.50');
    expect(screen.getByText('A scheduled payout of an investment plan: no payment method is involved.')).toBeVisible();
    expect(screen.queryByTestId('overview-status')).not.toBeInTheDocument();
  });
});
