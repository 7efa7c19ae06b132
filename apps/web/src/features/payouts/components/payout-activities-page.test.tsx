import { getTradeActivities } from '@meridian/contracts/endpoints/payouts';
import type { TPayoutActivities } from '@meridian/contracts/payouts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, renderWithProviders } from '@/test';
import { PayoutActivitiesPage } from './payout-activities-page';

function activities(overrides: Partial<TPayoutActivities> = {}): TPayoutActivities {
  return {
    summary: { totalProfit: 0, totalLoss: 0, netPL: 0 },
    activities: [],
    plan: null,
    nextPayout: null,
    ...overrides,
  };
}

function renderPage() {
  return renderWithProviders(<PayoutActivitiesPage userId={IDS.client} />, {
    session: 'Client',
    route: '/user/trade-activities',
  });
}

describe('Trade activities', () => {
  it('shows the totals, a rejected payout as not paid (not a loss), the plan, the next payout and each line', async () => {
    answer(getTradeActivities, () =>
      activities({
        summary: { totalProfit: 2.66, totalLoss: 1.33, netPL: 2.66 },
        plan: { id: '55555555-5555-4555-8555-555555555555', name: 'Basic Plan' },
        nextPayout: { amount: 1.33, dueDate: '2026-01-05T10:00:00.000Z' },
        activities: [
          {
            id: '66666666-6666-4666-8666-666666666666',
            type: 'profit',
            amount: 1.33,
            processedAt: '2026-01-04T10:00:00.000Z',
            planName: 'Basic Plan',
            reason: null,
          },
          {
            id: '77777777-7777-4777-8777-777777777777',
            type: 'loss',
            amount: 1.33,
            processedAt: '2026-01-04T09:00:00.000Z',
            planName: 'Basic Plan',
            reason: 'Market closed',
          },
        ],
      }),
    );
    renderPage();
    expect(await screen.findByTestId('total-profit')).toHaveTextContent('+$2.66');
    expect(screen.getByTestId('total-loss')).toHaveTextContent('Not paid (rejected)$1.33');
    expect(screen.getByTestId('net-pl')).toHaveTextContent('+$2.66');
    expect(screen.getByTestId('activity-plan')).toHaveTextContent('Basic Plan');
    expect(screen.getByTestId('next-payout')).toHaveTextContent('$1.33');

    const [profit, loss] = screen.getAllByTestId('activity-row');
    expect(profit).toHaveTextContent('Profit');
    expect(profit).toHaveTextContent('+$1.33');
    expect(within(loss as HTMLElement).getByText('Not paid')).toBeInTheDocument();
    expect(loss).toHaveTextContent('$1.33');
    expect(loss).not.toHaveTextContent('-$1.33');
    expect(loss).toHaveTextContent('Reason: Market closed');
  });

  it('says when nothing happened in the last 24 hours, and offers the plans to a client without one', async () => {
    answer(getTradeActivities, () => activities());
    renderPage();
    expect(await screen.findByText('No trade activity in the last 24 hours')).toBeInTheDocument();
    expect(screen.getByTestId('net-pl')).toHaveTextContent('$0.00');
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/user/investmentplan');
    expect(screen.getByTestId('next-payout')).toHaveTextContent('None scheduled');
  });
});
