import { getPayoutTx } from '@meridian/contracts/endpoints/chain-payouts';
import { setDepositReference } from '@meridian/contracts/endpoints/deposits';
import { getTransaction } from '@meridian/contracts/endpoints/transactions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeTransaction, renderWithProviders } from '@/test';
import { TransactionPage } from './transaction';

const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The client's transaction page: the transactions feature's detail with the deposits feature's action. */
function renderPage() {
  return renderWithProviders(<TransactionPage />, {
    session: 'Client',
    route: `/user/transaction/${IDS.record}`,
    path: '/user/transaction/:transactionId',
  });
}

describe('a pending deposit’s transaction hash', () => {
  it('is added from the deposit’s page, checked on the method’s network first, and then shown', async () => {
    let record = makeTransaction();
    answer(getTransaction, () => record);
    const sent = answer(setDepositReference, ({ body }) => {
      record = {
        ...record,
        reference: String(body.reference),
        senderAddress: String(body.senderAddress ?? '') || null,
      };
      return { message: 'Transaction reference saved', deposit: record };
    });
    const { user } = renderPage();
    expect(await screen.findByTestId('transaction-reference-missing')).toHaveTextContent('Not given yet');
    await user.click(screen.getByRole('button', { name: 'Add transaction hash' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add the transaction hash' });
    const reference = within(dialog).getByLabelText('Transaction hash or reference');
    await waitFor(() => expect(reference).toHaveFocus());
    await user.type(reference, `0x${HASH}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(reference).toHaveAccessibleDescription(
        'A transaction hash on this network has 64 hexadecimal characters (0-9, a-f), without 0x',
      ),
    );
    expect(sent).toHaveLength(0);

    await user.clear(reference);
    await user.type(reference, HASH);
    await user.type(within(dialog).getByLabelText('Sending address (optional)'), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Transaction reference saved')).toBeInTheDocument();
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: IDS.record }, body: { reference: HASH, senderAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } },
    ]);
    // The dialog closes itself; the page shows what was saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(await screen.findByTestId('transaction-reference')).toHaveTextContent(HASH);
    expect(screen.getByTestId('transaction-sender')).toHaveTextContent('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(screen.getByRole('button', { name: 'Edit transaction hash' })).toBeInTheDocument();
  });

  it('cannot be changed once the deposit is decided', async () => {
    answer(getTransaction, () => makeTransaction({ status: 'Completed', reference: HASH }));
    renderPage();
    expect(await screen.findByTestId('transaction-reference')).toHaveTextContent(HASH);
    expect(screen.queryByRole('button', { name: 'Edit transaction hash' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add transaction hash' })).not.toBeInTheDocument();
  });

  it('shows a withdrawal’s payout hash once recorded, and says when it will come before', async () => {
    const withdrawal = makeTransaction({
      type: 'Withdrawal',
      direction: 'out',
      depositMethod: null,
      withdrawalMethod: { id: null, name: 'USDT (TRC20)' },
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    answer(getTransaction, () => withdrawal);
    // A method not watched on chain: the payout is only what staff record by hand.
    answer(getPayoutTx, () => ({ watched: false, payout: null }));
    const pending = renderPage();
    expect(await screen.findByTestId('transaction-reference-missing')).toHaveTextContent(
      'Shown here once the withdrawal is paid out',
    );
    pending.unmount();
    answer(getTransaction, () => ({ ...withdrawal, status: 'Completed' as const, reference: HASH }));
    renderPage();
    expect(await screen.findByTestId('transaction-reference')).toHaveTextContent(HASH);
    expect(screen.getByRole('button', { name: 'Copy payout hash' })).toBeInTheDocument();
  });
});
