import { getPublicPlans } from '@meridian/contracts/endpoints/plans';
import type { TPublicPlan } from '@meridian/contracts/investments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { answer, renderWithProviders } from '@/test';
import { Plans } from './plans';

const plan = (overrides: Partial<TPublicPlan>): TPublicPlan => ({
  name: 'Plan',
  interest: 10,
  duration: 7,
  noOfTimes: 1,
  minAmount: 100,
  maxAmount: 5000,
  ...overrides,
});

describe('Plans (home page)', () => {
  it('shows the operator’s real plans with their own returns, not marketing tiers', async () => {
    answer(getPublicPlans, () => ({
      plans: [
        plan({ name: 'Harbour', interest: 7.25, duration: 14, noOfTimes: 3, minAmount: 50, maxAmount: 2500 }),
        plan({ name: 'Keel', interest: 18, duration: 30, noOfTimes: 1, minAmount: 1000, maxAmount: 20_000 }),
      ],
    }));
    renderWithProviders(<Plans />);
    const section = await screen.findByRole('region', { name: 'Investment plans' });
    const cards = await within(section).findAllByTestId('plan-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Harbour', 'Keel']);
    const [harbour, keel] = cards as [HTMLElement, HTMLElement];
    expect(within(harbour).getByTestId('plan-interest')).toHaveTextContent('7.25%');
    expect(harbour).toHaveTextContent('Total return over 14 days');
    expect(within(harbour).getByTestId('plan-limits')).toHaveTextContent('$50.00 – $2,500.00');
    expect(within(keel).getByTestId('plan-interest')).toHaveTextContent('18%');
    expect(within(keel).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    // None of the invented tiers or their figures.
    for (const tier of ['Basic', 'Silver', 'Gold', 'Premium', 'Most popular']) {
      expect(within(section).queryByText(tier)).toBeNull();
    }
    expect(section).not.toHaveTextContent(/80\s?%/);
  });

  it('formats the figures the reader’s way', async () => {
    answer(getPublicPlans, () => ({
      plans: [plan({ name: 'Mistral', interest: 12.5, minAmount: 1000, maxAmount: 20_000 })],
    }));
    renderWithProviders(<Plans />, { language: 'fr' });
    const card = await screen.findByTestId('plan-card');
    // French puts a (narrow) no-break space before the percent sign and between thousands.
    expect(within(card).getByTestId('plan-interest').textContent).toMatch(/^12,5\s%$/);
    expect(within(card).getByTestId('plan-limits').textContent).toMatch(/^1\s000,00\s\$US – 20\s000,00\s\$US$/);
    expect(card).toHaveTextContent('Rendement total sur 7 jours');
  });

  it('keeps the section’s place while the plans load', async () => {
    answer(getPublicPlans, () => new Promise(() => undefined));
    renderWithProviders(<Plans />);
    expect(await screen.findByTestId('plans-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { name: 'Investment plans' })).toBeInTheDocument();
  });

  it('is not there at all when the operator offers no plan', async () => {
    answer(getPublicPlans, () => ({ plans: [] }));
    const { queryClient, container } = renderWithProviders(<Plans />);
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.publicPlans())?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Investment plans' })).toBeNull();
    expect(screen.queryByTestId('plan-card')).toBeNull();
    expect(container).not.toHaveTextContent('Get Started');
  });
});
