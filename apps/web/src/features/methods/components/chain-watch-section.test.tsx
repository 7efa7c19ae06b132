import type { TChainWatch } from '@meridian/contracts/chain-deposits';
import { getChainWatch, setChainWatch } from '@meridian/contracts/endpoints/chain-deposits';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeAuth, refuse, renderWithProviders, type TRenderOptions } from '@/test';
import { ChainWatchSection } from './chain-watch-section';

const XPUB =
  'xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz';
const TOKEN = '0xdac17f958d2ee523a2206206994597c13d831ec7';

function watchOf(overrides: Partial<TChainWatch> = {}): TChainWatch {
  return {
    depositMethodId: IDS.method,
    chain: 'ethereum',
    rpcOrigin: 'https://mainnet.example',
    confirmations: 12,
    xpub: XPUB,
    asset: 'native',
    tokenAddress: null,
    tokenDecimals: null,
    startBlock: null,
    explorerTxUrl: null,
    cursorBlock: 19_000_000,
    addresses: 4,
    ...overrides,
  };
}

function renderSection(session: TRenderOptions['session'] = 'Admin') {
  return renderWithProviders(<ChainWatchSection methodId={IDS.method} />, {
    session,
    route: `/admin/depositmethod/${IDS.method}`,
  });
}

describe('ChainWatchSection', () => {
  it('shows a watch by its node’s origin, cursor and addresses', async () => {
    answer(getChainWatch, () => watchOf({ explorerTxUrl: 'https://etherscan.io/tx/{tx}' }));
    renderSection();
    expect(await screen.findByTestId('chain-watch-origin')).toHaveTextContent('https://mainnet.example');
    expect(screen.getByTestId('chain-watch-cursor')).toHaveTextContent('Block 19000000');
    expect(screen.getByTestId('chain-watch-addresses')).toHaveTextContent('4');
    expect(screen.getByText('https://etherscan.io/tx/{tx}')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit chain watch' })).toBeInTheDocument();
  });

  it('sets up a token watch, leaving empty optional fields out, and puts the server’s refusal on its field', async () => {
    answer(getChainWatch, () => refuse(404, { error: 'NOT_FOUND', key: 'deposits.notWatched' }));
    let calls = 0;
    const sent = answer(setChainWatch, ({ body }) => {
      calls += 1;
      if (calls === 1)
        return refuse(400, {
          error: 'VALIDATION',
          key: 'deposits.xpubInvalid',
          fieldKeys: { xpub: { key: 'deposits.xpubInvalid', params: {} } },
        });
      return {
        message: messageText('deposits.chainWatchSaved'),
        watch: watchOf({
          asset: 'erc20',
          tokenAddress: TOKEN,
          tokenDecimals: 6,
          confirmations: Number(body.confirmations),
        }),
      };
    });
    const { user } = renderSection();
    expect(await screen.findByTestId('chain-watch-none')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up chain watch' }));
    const dialog = screen.getByRole('dialog', { name: 'Set up the chain watch' });
    expect(within(dialog).getByLabelText('Extended public key (xpub)')).toHaveAccessibleDescription(
      /Private keys are refused/,
    );
    await user.type(within(dialog).getByLabelText('Node URL (JSON-RPC)'), 'https://node.example/v3/secret');
    await user.clear(within(dialog).getByLabelText('Confirmations'));
    await user.type(within(dialog).getByLabelText('Confirmations'), '6');
    await user.type(within(dialog).getByLabelText('Extended public key (xpub)'), XPUB);
    await user.selectOptions(within(dialog).getByLabelText('Asset'), 'erc20');
    await user.type(within(dialog).getByLabelText('Token contract address'), TOKEN);
    await user.type(within(dialog).getByLabelText('Decimals'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save watch' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Extended public key (xpub)')).toHaveAccessibleDescription(
        messageText('deposits.xpubInvalid'),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save watch' }));
    expect(await within(dialog).findByText('Chain watch saved')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)[1]).toEqual({
      chain: 'ethereum',
      rpcUrl: 'https://node.example/v3/secret',
      confirmations: 6,
      xpub: XPUB,
      asset: 'erc20',
      tokenAddress: TOKEN,
      tokenDecimals: 6,
    });
  });

  it('is not shown to staff who may not manage the catalogue', async () => {
    answer(getChainWatch, () => watchOf());
    renderSection(makeAuth('Admin', { staffRole: 'Support' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('chain-watch')).not.toBeInTheDocument();
  });
});
