import { getAdminStats } from '@meridian/contracts/endpoints/clients';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, renderWithProviders } from '@/test';
import { SummaryCards } from './summary-cards';

const STATS = {
  totalClients: 7,
  totalTransactions: 350_412.5,
  totalDeposits: 87_149.99,
  totalWithdrawals: 1_250,
  totalInvestments: 0,
};

describe('SummaryCards', () => {
  it('writes amounts from $10,000 short, with the exact amount on hover and for screen readers', async () => {
    answer(getAdminStats, () => STATS);
    renderWithProviders(<SummaryCards />, { session: 'Admin', route: '/admin' });
    const deposits = await screen.findByTestId('stat-totalDeposits-value');
    expect(deposits.querySelector('[aria-hidden="true"]')?.textContent).toBe('$87.1K');
    expect(deposits.querySelector('[title]')).toHaveAttribute('title', '$87,149.99');
    expect(deposits.querySelector('.sr-only')?.textContent).toBe('$87,149.99');
    expect(screen.getByTestId('stat-totalTransactions-value').textContent).toContain('$350.4K');
    // Short enough already: exact.
    expect(screen.getByTestId('stat-totalWithdrawals-value')).toHaveTextContent(/^\$1,250\.00$/);
    expect(screen.getByTestId('stat-totalClients-value')).toHaveTextContent('07');
  });

  it('follows the language: French writes 87,1 k$US', async () => {
    answer(getAdminStats, () => STATS);
    renderWithProviders(<SummaryCards />, { session: 'Admin', route: '/admin', language: 'fr' });
    const deposits = await screen.findByTestId('stat-totalDeposits-value');
    expect(deposits.querySelector('[aria-hidden="true"]')?.textContent?.replace(/\s/g, ' ')).toMatch(/^87,1 k\s?\$US$/);
    expect(deposits.querySelector('[title]')?.getAttribute('title')?.replace(/\s/g, ' ')).toBe('87 149,99 $US');
  });
});
