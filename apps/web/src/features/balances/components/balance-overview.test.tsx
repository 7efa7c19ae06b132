import { getBalance } from '@meridian/contracts/endpoints/balances';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeBalance, renderWithProviders } from '@/test';
import { BalanceOverview } from './balance-overview';

describe('BalanceOverview', () => {
  it('hides the amounts until shown, and its button says what a press does next', async () => {
    answer(getBalance, () => makeBalance({ totalBalance: 1234.56 }));
    const { user } = renderWithProviders(<BalanceOverview userId={IDS.client} />);
    const show = await screen.findByRole('button', { name: 'Show amounts' });
    expect(screen.queryByText('$1,234.56')).not.toBeInTheDocument();

    await user.click(show);
    expect(await screen.findByText('$1,234.56')).toBeInTheDocument();
    const hide = screen.getByRole('button', { name: 'Hide amounts' });

    await user.click(hide);
    expect(screen.queryByText('$1,234.56')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show amounts' })).toBeInTheDocument();
  });
});
