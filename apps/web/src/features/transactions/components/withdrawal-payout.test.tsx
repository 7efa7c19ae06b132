import type { TPayoutTx } from '@meridian/contracts/chain-payouts';
import { getPayoutTx, recordPayoutTx } from '@meridian/contracts/endpoints/chain-payouts';
import { getTransaction } from '@meridian/contracts/endpoints/transactions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, IDS, makeTransaction, renderWithProviders } from '@/test';
import { TransactionDetail } from './transaction-detail';
import { TransactionOverview } from './transaction-overview';

/** Withdrawals paid on chain (docs/money.md): the admin records the payout; both sides see it confirm. */

const HASH = `0x${'ab'.repeat(32)}`;
const withdrawal = makeTransaction({
  type: 'Withdrawal',
  status: 'Pending',
  direction: 'out',
  depositMethod: null,
  withdrawalMethod: { id: IDS.method, name: 'USDT (ERC20)' },
  address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
});
const confirming: TPayoutTx = {
  withdrawalId: IDS.record,
  txHash: HASH,
  explorerUrl: `https://etherscan.io/tx/${HASH}`,
  status: 'confirming',
  problem: null,
  confirmations: 1,
  requiredConfirmations: 3,
  asset: 'erc20',
  expectedBase: '50000000',
  recordedAt: '2026-01-01T00:00:00.000Z',
};

describe('the admin withdrawal page on a watched method', () => {
  it('records the payout transaction, then shows it confirming with its explorer link', async () => {
    answer(getTransaction, () => withdrawal);
    let payout: TPayoutTx | null = null;
    answer(getPayoutTx, () => ({ watched: true, payout }));
    const sent = answer(recordPayoutTx, () => {
      payout = { ...confirming, confirmations: 0 };
      return { message: 'Payout transaction recorded', payout };
    });
    renderWithProviders(<TransactionOverview id={IDS.record} />, {
      session: 'Admin',
      route: `/admin/transaction-overview/${IDS.record}`,
    });
    expect(await screen.findByTestId('payout-tx-missing')).toHaveTextContent('No payout transaction recorded yet');
    await userEvent.click(screen.getByRole('button', { name: 'Record payout transaction' }));
    const form = await screen.findByTestId('payout-tx-form');
    await userEvent.type(within(form).getByLabelText('Transaction hash'), 'not-a-hash');
    await userEvent.click(within(form).getByTestId('payout-tx-submit'));
    expect(await within(form).findByText(/0x followed by 64 hexadecimal/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Transaction hash'));
    await userEvent.type(within(form).getByLabelText('Transaction hash'), HASH);
    await userEvent.click(within(form).getByTestId('payout-tx-submit'));
    expect(await screen.findByTestId('payout-tx-status')).toHaveTextContent('Paid, confirming 0/3');
    expect(sent.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: IDS.record }, body: { txHash: HASH } },
    ]);
    // Once the dialog has closed, the page is in reach again.
    expect(
      await screen.findByRole(
        'link',
        { name: new RegExp(`^0xababab…abababab ?View transaction ${HASH} on the block explorer`) },
        { timeout: 5_000 },
      ),
    ).toHaveAttribute('href', `https://etherscan.io/tx/${HASH}`);
  });

  it('shows staff what is wrong with a payout that failed', async () => {
    answer(getTransaction, () => withdrawal);
    answer(getPayoutTx, () => ({
      watched: true,
      payout: { ...confirming, status: 'failed' as const, problem: 'wrongAddress' as const, confirmations: 3 },
    }));
    renderWithProviders(<TransactionOverview id={IDS.record} />, {
      session: 'Admin',
      route: `/admin/transaction-overview/${IDS.record}`,
    });
    expect(await screen.findByTestId('payout-tx-problem')).toHaveTextContent(
      'It does not pay the withdrawal’s address',
    );
    expect(screen.getByRole('button', { name: 'Replace payout transaction' })).toBeEnabled();
  });

  it('offers nothing on a method that is not watched', async () => {
    answer(getTransaction, () => withdrawal);
    const asked = answer(getPayoutTx, () => ({ watched: false, payout: null }));
    renderWithProviders(<TransactionOverview id={IDS.record} />, {
      session: 'Admin',
      route: `/admin/transaction-overview/${IDS.record}`,
    });
    expect(await screen.findByTestId('overview-delete')).toBeEnabled();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Record payout transaction' })).not.toBeInTheDocument();
  });
});

describe('the client’s withdrawal details', () => {
  it('show the payout confirming, with the link to the transaction', async () => {
    answer(getTransaction, () => withdrawal);
    answer(getPayoutTx, () => ({ watched: true, payout: { ...confirming, confirmations: 2 } }));
    renderWithProviders(<TransactionDetail transactionId={IDS.record} />, {
      session: 'Client',
      route: `/user/transaction/${IDS.record}`,
    });
    expect(await screen.findByTestId('payout-tx-status')).toHaveTextContent('Paid, confirming 2/3');
    expect(screen.getByTestId('payout-tx-link')).toHaveAttribute('href', `https://etherscan.io/tx/${HASH}`);
  });
});
