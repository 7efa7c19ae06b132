import type { TQuote } from '@meridian/contracts/market';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test';
import { MarketTable } from './market-table';

const QUOTE: TQuote = {
  pair: 'BTC/USD',
  bid: 66_759.56,
  ask: 66_761.1,
  mid: 66_760.33,
  changePct: -12.34,
  time: '2026-11-28T12:00:00.000Z',
  stale: false,
  source: 'simulated',
};

describe('MarketTable', () => {
  it('is a named region the keyboard can reach, so a phone too narrow for its prices can scroll it', async () => {
    const { user } = renderWithProviders(<MarketTable quotes={[QUOTE]} caption="Simulated market data" />);
    const region = screen.getByRole('region', { name: 'Simulated market data' });
    expect(region).toContainElement(screen.getByRole('table', { name: 'Simulated market data' }));
    await user.tab();
    expect(region).toHaveFocus();
    expect(screen.getByRole('rowheader', { name: 'BTC/USD' })).toBeInTheDocument();
  });
});
