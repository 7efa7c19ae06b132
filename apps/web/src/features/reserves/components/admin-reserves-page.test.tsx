import { getReservesOverview, takeReserveSnapshot } from '@meridian/contracts/endpoints/reserves';
import { messageText } from '@meridian/contracts/messages';
import type { TReserveSnapshot } from '@meridian/contracts/reserves';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, renderWithProviders } from '@/test';
import { AdminReservesPage, unitsText } from './admin-reserves-page';

const SNAPSHOT: TReserveSnapshot = {
  id: '99999999-9999-4999-8999-999999999999',
  root: 'a1'.repeat(32),
  leafCount: 2,
  liabilities: 1000,
  assets: 950.5,
  onChain: 450.5,
  declared: 500,
  coverageBps: 9505,
  createdAt: '2026-11-28T09:30:00.000Z',
  liabilitiesByAccount: { balance: 900, trading: 0, profit: 50, bonus: 25, withdrawalHold: 25 },
  chainAssets: [
    {
      depositMethodId: IDS.method,
      methodName: 'USDT (ERC20)',
      chain: 'ethereum',
      asset: 'erc20',
      tokenAddress: '0x1234567890123456789012345678901234567890',
      block: 1234,
      addresses: 2,
      amountBase: '450500000',
      decimals: 6,
      rate: null,
      amount: 450.5,
      status: 'read',
    },
  ],
  declarations: [{ id: IDS.record, label: 'Bank account', amount: 500, evidence: 'https://bank.example/s.pdf' }],
  createdBy: { id: IDS.admin, name: 'Grace Hopper' },
};

describe('Proof of reserves (back office)', () => {
  it('shows liabilities against assets, the coverage, what was read from the chain and the root', async () => {
    answer(getReservesOverview, () => ({ snapshots: [SNAPSHOT], declarations: [], publicPage: true }));
    renderWithProviders(<AdminReservesPage />, { session: 'Admin', route: '/admin/reserves' });
    expect(await screen.findByTestId('reserve-liabilities')).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('reserve-assets')).toHaveTextContent('$950.50');
    expect(screen.getByTestId('reserve-coverage')).toHaveTextContent('95.05%');
    expect(screen.getByTestId('reserve-coverage')).toHaveTextContent('Short');
    expect(screen.getByTestId('latest-root')).toHaveTextContent(SNAPSHOT.root);
    expect(screen.getAllByTestId('chain-asset')[0]).toHaveTextContent('450.5 tokens');
  });

  it('takes a snapshot after a confirmation and says what the server said', async () => {
    answer(getReservesOverview, () => ({ snapshots: [], declarations: [], publicPage: false }));
    const sent = answer(takeReserveSnapshot, () => ({
      message: messageText('reserves.snapshotTaken'),
      snapshot: SNAPSHOT,
    }));
    const { user } = renderWithProviders(<AdminReservesPage />, { session: 'Admin', route: '/admin/reserves' });
    expect(await screen.findByText('No snapshot yet')).toBeInTheDocument();
    await user.click(screen.getByTestId('take-snapshot'));
    const dialog = await screen.findByRole('dialog', { name: 'Take a snapshot?' });
    await user.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect(await within(dialog).findByText('Snapshot taken: its root is published')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});

describe('unitsText', () => {
  it('writes base units as decimal units without a float', () => {
    expect(unitsText('450500000', 6)).toBe('450.5');
    expect(unitsText('1', 18)).toBe('0.000000000000000001');
    expect(unitsText('20000000000000000', 18)).toBe('0.02');
    expect(unitsText('0', 6)).toBe('0');
    expect(unitsText('123456789012345678901234567890', 18)).toBe('123456789012.34567890123456789');
  });
});
