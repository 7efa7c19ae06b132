import { deleteDeposit } from '@meridian/contracts/endpoints/deposits';
import { getTransaction } from '@meridian/contracts/endpoints/transactions';
import { messageText } from '@meridian/contracts/messages';
import type { TTransaction } from '@meridian/contracts/transactions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, makeTransaction, renderWithProviders } from '@/test';
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
    renderWithProviders(<TransactionOverview id={record.id} />, {
      session: 'Admin',
      route: `/admin/transaction-overview/${record.id}`,
    });
    const button = await screen.findByTestId('overview-delete');
    expect(button).toBeEnabled();
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
  });
});
