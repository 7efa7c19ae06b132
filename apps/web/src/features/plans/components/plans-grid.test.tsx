import { deletePlan, getPlans } from '@meridian/contracts/endpoints/plans';
import type { TInvestmentPlan } from '@meridian/contracts/investments';
import { messageText } from '@meridian/contracts/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, IDS, renderWithProviders } from '@/test';
import { PlansGrid } from './plans-grid';

function makePlan(overrides: Partial<TInvestmentPlan> = {}): TInvestmentPlan {
  return {
    id: IDS.plan,
    name: 'Premium Plan',
    interest: 12.5,
    duration: 14,
    noOfTimes: 3,
    minAmount: 1000,
    maxAmount: 250_000,
    inUse: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const render = () => renderWithProviders(<PlansGrid />, { session: 'Admin', route: '/admin/investmentplans' });

describe('PlansGrid', () => {
  it('says there are no plans and offers Create Plan', async () => {
    answer(getPlans, () => ({ investmentPlans: [] }));
    const { user } = render();
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('No Investment Plans');
    await user.click(within(empty).getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Plan' })).toBeInTheDocument();
  });

  it('shows a plan’s terms in its colour, with Mon - Sun earnings', async () => {
    answer(getPlans, () => ({ investmentPlans: [makePlan()] }));
    render();
    const card = await screen.findByRole('article', { name: 'Premium Plan' });
    expect(card).toHaveAttribute('data-colour', 'amber');
    expect(within(card).getByTestId('plan-interest')).toHaveTextContent('12.5%');
    expect(card).toHaveTextContent('3 per day');
    expect(card).toHaveTextContent('14 days');
    expect(card).toHaveTextContent('$1,000.00');
    expect(card).toHaveTextContent('$250,000.00');
    expect(card).toHaveTextContent('EarningsMon - Sun');
  });

  it('deletes a plan nobody invested in, after the confirmation', async () => {
    answer(getPlans, () => ({ investmentPlans: [makePlan()] }));
    const sent = answer(deletePlan, () => ({ message: messageText('investments.planDeleted') }));
    const { user } = render();
    const card = await screen.findByRole('article', { name: 'Premium Plan' });
    await user.click(within(card).getByTestId('plan-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Premium Plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    expect(await within(dialog).findByText('Investment plan deleted')).toBeInTheDocument();
    expect(sent.map(({ params }) => params)).toEqual([{ id: IDS.plan }]);
  });

  it('offers no Delete on a plan with investments and says why', async () => {
    answer(getPlans, () => ({ investmentPlans: [makePlan({ inUse: true })] }));
    render();
    const card = await screen.findByRole('article', { name: 'Premium Plan' });
    expect(within(card).queryByTestId('plan-delete')).not.toBeInTheDocument();
    expect(within(card).getByText('In use')).toBeInTheDocument();
    expect(within(card).getByTestId('plan-edit')).toHaveAccessibleDescription(
      /cannot be deleted\. Edits apply to new investments only/,
    );
  });
});
