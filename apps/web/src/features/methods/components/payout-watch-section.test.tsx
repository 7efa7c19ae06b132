import { getPayoutWatch, setPayoutWatch } from '@meridian/contracts/endpoints/chain-payouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { PayoutWatchSection } from './payout-watch-section';

const TOKEN = '0xdac17f958d2ee523a2206206994597c13d831ec7';

function renderSection() {
  return renderWithProviders(<PayoutWatchSection methodId={IDS.method} />, {
    session: 'Admin',
    route: `/admin/withdrawalmethod/${IDS.method}`,
  });
}

describe('PayoutWatchSection', () => {
  it('sets up a token watch of a withdrawal method’s payouts, leaving empty optional fields out', async () => {
    answer(getPayoutWatch, () => refuse(404, { error: 'NOT_FOUND', key: 'withdrawals.notWatched' }));
    const sent = answer(setPayoutWatch, () => ({
      message: 'Chain watch saved',
      watch: {
        withdrawalMethodId: IDS.method,
        chain: 'ethereum' as const,
        rpcOrigin: 'https://node.example',
        confirmations: 6,
        asset: 'erc20' as const,
        tokenAddress: TOKEN,
        tokenDecimals: 6,
        explorerTxUrl: null,
      },
    }));
    renderSection();
    expect(await screen.findByTestId('payout-watch-none')).toHaveTextContent('an admin completes each withdrawal');
    await userEvent.click(screen.getByRole('button', { name: 'Set up chain watch' }));
    const form = await screen.findByRole('dialog', { name: 'Set up the chain watch' });
    await userEvent.type(within(form).getByLabelText('Node URL (JSON-RPC)'), 'https://node.example/key');
    await userEvent.clear(within(form).getByLabelText('Confirmations'));
    await userEvent.type(within(form).getByLabelText('Confirmations'), '6');
    await userEvent.type(within(form).getByLabelText('Token contract address'), TOKEN);
    await userEvent.type(within(form).getByLabelText('Decimals'), '6');
    await userEvent.click(within(form).getByRole('button', { name: 'Save watch' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      chain: 'ethereum',
      rpcUrl: 'https://node.example/key',
      confirmations: 6,
      asset: 'erc20',
      tokenAddress: TOKEN,
      tokenDecimals: 6,
    });
    expect(await screen.findByTestId('payout-watch-origin')).toHaveTextContent('https://node.example');
  });
});
