import { getPlans } from '@meridian/contracts/endpoints/plans';
import { getMyUpgradeRequest, requestUpgrade } from '@meridian/contracts/endpoints/upgrades';
import type { TMyUpgradeRequest } from '@meridian/contracts/investments';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, IDS, makePlan, refuse, renderWithProviders, textOf } from '@/test';
import { server } from '@/test/server';
import { PlansPage } from './plans-page';

const basic = makePlan();
const standard = makePlan({
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Standard Plan',
  interest: 30,
  minAmount: 1000,
  maxAmount: 50_000,
});
const premium = makePlan({
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Premium Plan',
  interest: 50,
  noOfTimes: 4,
  minAmount: 5000,
  maxAmount: 100_000,
});

function pendingRequest(overrides: Partial<TMyUpgradeRequest> = {}): TMyUpgradeRequest {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    requestedPlan: { id: premium.id, name: premium.name },
    status: 'pending',
    approvedPlan: null,
    reason: null,
    createdAt: '2026-01-03T00:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

function renderPlans(clientPlan: { id: string; name: string } | null, language?: 'en' | 'de') {
  return renderWithProviders(<PlansPage userId={IDS.client} clientPlan={clientPlan} />, {
    session: 'Client',
    route: '/user/investmentplan',
    ...(language ? { language } : {}),
  });
}

/** The card of the plan named `name`. */
const card = (name: string) =>
  screen.getAllByTestId('plan-card').find((c) => within(c).queryByRole('heading', { name })) ??
  (() => {
    throw new Error(`no card for ${name}`);
  })();

describe('Trading Plans', () => {
  it('offers Continue with Plan on every card to a client without a plan, and asks nothing about upgrades', async () => {
    answer(getPlans, () => ({ investmentPlans: [basic, standard, premium] }));
    const requests = answer(getMyUpgradeRequest, () => ({ upgradeRequest: null }));
    renderPlans(null);

    const cards = await screen.findAllByTestId('plan-card');
    expect(cards).toHaveLength(3);
    for (const plan of [basic, standard, premium]) {
      const link = within(card(plan.name)).getByRole('link', { name: 'Continue with Plan' });
      expect(link).toHaveAttribute('href', `/user/investmentplan/${plan.id}`);
      expect(within(card(plan.name)).queryByRole('button', { name: 'Upgrade to Plan' })).not.toBeInTheDocument();
    }
    expect(card('Standard Plan')).toHaveTextContent('30%');
    expect(card('Standard Plan')).toHaveTextContent('$1,000.00 – $50,000.00');
    expect(card('Premium Plan')).toHaveTextContent('Trades per day4');
    expect(card('Basic Plan')).toHaveTextContent('Daily');
    expect(requests).toHaveLength(0);
  });

  it('labels the client’s plan Current Plan and offers Upgrade to Plan on the others', async () => {
    answer(getPlans, () => ({ investmentPlans: [basic, standard, premium] }));
    answer(getMyUpgradeRequest, () => ({ upgradeRequest: null }));
    renderPlans({ id: basic.id, name: basic.name });

    await screen.findAllByTestId('plan-card');
    expect(within(card('Basic Plan')).getByText('Current Plan')).toBeInTheDocument();
    expect(within(card('Basic Plan')).queryByRole('button')).not.toBeInTheDocument();
    for (const name of ['Standard Plan', 'Premium Plan']) {
      expect(within(card(name)).getByRole('button', { name: 'Upgrade to Plan' })).toBeEnabled();
      expect(within(card(name)).queryByRole('link', { name: 'Continue with Plan' })).not.toBeInTheDocument();
    }
    expect(screen.getByTestId('client-plan')).toHaveTextContent('Basic Plan');
  });

  it('sends the upgrade request, says so, then shows it pending and allows no second one', async () => {
    answer(getPlans, () => ({ investmentPlans: [basic, standard, premium] }));
    let pending: TMyUpgradeRequest | null = null;
    answer(getMyUpgradeRequest, () => ({ upgradeRequest: pending }));
    const sent = answer(requestUpgrade, ({ body }) => {
      pending = pendingRequest({ requestedPlan: { id: body.newPlanId, name: 'Premium Plan' } });
      return { message: 'Upgrade request submitted successfully' };
    });
    const { user } = renderPlans({ id: basic.id, name: basic.name });

    await screen.findAllByTestId('plan-card');
    await user.click(within(card('Premium Plan')).getByRole('button', { name: 'Upgrade to Plan' }));

    expect(await screen.findByText('Upgrade request submitted successfully')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ userId: IDS.client, newPlanId: premium.id });
    expect(await screen.findByTestId('upgrade-pending')).toHaveTextContent('Upgrade to Premium Plan pending');
    await waitFor(() =>
      expect(within(card('Standard Plan')).getByRole('button', { name: 'Upgrade to Plan' })).toBeDisabled(),
    );
    expect(within(card('Premium Plan')).getByRole('button', { name: 'Upgrade to Plan' })).toBeDisabled();
    expect(card('Premium Plan')).toHaveTextContent('Upgrade requested');
  });

  it('says why an upgrade was refused, in the reader’s language', async () => {
    answer(getPlans, () => ({ investmentPlans: [basic, standard] }));
    answer(getMyUpgradeRequest, () => ({ upgradeRequest: null }));
    answer(requestUpgrade, () => refuse(409, { error: 'CONFLICT', key: 'errors.upgradePending' }));
    const { user } = renderPlans({ id: basic.id, name: basic.name }, 'de');

    await screen.findAllByTestId('plan-card');
    await user.click(screen.getByRole('button', { name: textOf('investments:plans.upgrade', {}, 'de') }));
    expect(await screen.findByText(textOf('errors:upgradePending', {}, 'de'))).toBeInTheDocument();
  });

  it('falls back to “Failed to submit upgrade request” when the server says nothing useful', async () => {
    answer(getPlans, () => ({ investmentPlans: [basic, standard] }));
    answer(getMyUpgradeRequest, () => ({ upgradeRequest: null }));
    server.use(
      http.post('/api/investment/upgrade', () =>
        HttpResponse.json({ error: 'INTERNAL', key: 'errors.server', params: {}, message: 'x' }, { status: 500 }),
      ),
    );
    const { user } = renderPlans({ id: basic.id, name: basic.name });

    await screen.findAllByTestId('plan-card');
    await user.click(screen.getByRole('button', { name: 'Upgrade to Plan' }));
    expect(await screen.findByText('Failed to submit upgrade request')).toBeInTheDocument();
  });

  it('shows a pending request from before and keeps every upgrade button disabled', async () => {
    answer(getPlans, () => ({ investmentPlans: [basic, standard, premium] }));
    answer(getMyUpgradeRequest, () => ({ upgradeRequest: pendingRequest() }));
    renderPlans({ id: basic.id, name: basic.name });

    expect(await screen.findByTestId('upgrade-pending')).toHaveTextContent('Upgrade to Premium Plan pending');
    for (const button of screen.getAllByRole('button', { name: 'Upgrade to Plan' })) expect(button).toBeDisabled();
  });

  it('ignores a request an admin has already decided', async () => {
    answer(getPlans, () => ({ investmentPlans: [basic, standard] }));
    answer(getMyUpgradeRequest, () => ({
      upgradeRequest: pendingRequest({ status: 'rejected', reason: 'Not yet', decidedAt: '2026-01-04T00:00:00.000Z' }),
    }));
    renderPlans({ id: basic.id, name: basic.name });

    await screen.findAllByTestId('plan-card');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upgrade to Plan' })).toBeEnabled());
    expect(screen.queryByTestId('upgrade-pending')).not.toBeInTheDocument();
  });

  it('says when there are no plans', async () => {
    answer(getPlans, () => ({ investmentPlans: [] }));
    renderPlans(null);
    expect(await screen.findByText('No investment plans available')).toBeInTheDocument();
  });

  it('says when the plans could not be loaded', async () => {
    server.use(
      http.get('/api/investmentplan', () =>
        HttpResponse.json({ error: 'INTERNAL', key: 'errors.server', params: {}, message: 'x' }, { status: 500 }),
      ),
    );
    renderPlans(null);
    expect(await screen.findByText('Error loading investment plans')).toBeInTheDocument();
  });
});
