import { getChainDepositAddress } from '@meridian/contracts/endpoints/chain-deposits';
import { getDepositMethod, getDepositMethodQr } from '@meridian/contracts/endpoints/methods';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makeDepositMethod, refuse, renderWithProviders } from '@/test';
import { DepositMethodDetail } from './deposit-method-detail';

const OWN_ADDRESS = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const TX_HASH = `0x${'ab'.repeat(32)}`;

function renderDetail() {
  return renderWithProviders(<DepositMethodDetail methodId={IDS.method} userId={IDS.client} />, {
    session: 'Client',
    route: `/user/depositmethod/${IDS.method}`,
  });
}

describe('DepositMethodDetail', () => {
  it('a watched method shows the client’s own address and their transfer as Confirming n/N', async () => {
    const method = makeDepositMethod({ name: 'USDT (ERC20)', value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb' });
    answer(getDepositMethod, () => method);
    answer(getChainDepositAddress, () => ({
      depositMethodId: method.id,
      chain: 'ethereum' as const,
      asset: 'erc20' as const,
      tokenAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      address: OWN_ADDRESS,
      qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      requiredConfirmations: 12,
      explorerTxUrl: 'https://etherscan.io/tx/{tx}',
      transfers: [
        {
          txHash: TX_HASH,
          status: 'confirming' as const,
          confirmations: 4,
          requiredConfirmations: 12,
          depositId: IDS.record,
          amountBase: '25000000',
          createdAt: '2026-11-29T10:00:00.000Z',
        },
      ],
    }));
    renderDetail();
    expect(await screen.findByTestId('wallet-address')).toHaveTextContent(OWN_ADDRESS);
    expect(screen.getByText('Your deposit address')).toBeInTheDocument();
    expect(screen.getByText('Confirming 4/12')).toBeInTheDocument();
    expect(screen.queryByText(method.value)).not.toBeInTheDocument();
    // The hash opens on the watch's block explorer, in a new tab that cannot reach back to this one.
    const link = screen.getByRole('link', {
      name: `View transfer ${TX_HASH} on the block explorer (opens in a new tab)`,
    });
    expect(link).toHaveAttribute('href', `https://etherscan.io/tx/${TX_HASH}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('without an explorer a transfer’s hash is shortened, with a button copying it whole', async () => {
    const method = makeDepositMethod({ name: 'Ethereum (ETH)', value: '0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb' });
    answer(getDepositMethod, () => method);
    answer(getChainDepositAddress, () => ({
      depositMethodId: method.id,
      chain: 'ethereum' as const,
      asset: 'native' as const,
      tokenAddress: null,
      address: OWN_ADDRESS,
      qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      requiredConfirmations: 3,
      explorerTxUrl: null,
      transfers: [
        {
          txHash: TX_HASH,
          status: 'credited' as const,
          confirmations: 3,
          requiredConfirmations: 3,
          depositId: IDS.record,
          amountBase: '1000000000000000000',
          createdAt: '2026-11-29T10:00:00.000Z',
        },
      ],
    }));
    renderDetail();
    expect(await screen.findByText('Credited')).toBeInTheDocument();
    expect(screen.getByTestId('transfer-hash')).toHaveTextContent(`${TX_HASH.slice(0, 8)}…${TX_HASH.slice(-8)}`);
    expect(screen.queryByRole('link', { name: /block explorer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Copy transaction hash ${TX_HASH}` })).toBeInTheDocument();
  });

  it('a method that is not watched shows its own address, as before', async () => {
    const method = makeDepositMethod();
    answer(getDepositMethod, () => method);
    answer(getDepositMethodQr, () => ({ value: method.value, qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' }));
    answer(getChainDepositAddress, () => refuse(404, { error: 'NOT_FOUND', key: 'deposits.notWatched' }));
    renderDetail();
    expect(await screen.findByTestId('wallet-address')).toHaveTextContent(method.value);
    expect(screen.queryByText('Your deposit address')).not.toBeInTheDocument();
  });
});
