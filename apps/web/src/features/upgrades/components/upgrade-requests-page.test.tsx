import { getPlans } from '@meridian/contracts/endpoints/plans';
import { approveUpgrade, getUpgradeRequests, rejectUpgrade } from '@meridian/contracts/endpoints/upgrades';
import type { TInvestmentPlan, TUpgradeRequest } from '@meridian/contracts/investments';
import { messageText } from '@meridian/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, IDS, refuse, renderWithProviders } from '@/test';
import { server } from '@/test/server';
import { UpgradeRequestsPage } from './upgrade-requests-page';

const BASIC = '55555555-5555-4555-8555-555555555551';
const PREMIUM = '55555555-5555-4555-8555-555555555553';

function makePlan(id: string, name: string, interest: number): TInvestmentPlan {
  return {
    id,
    name,
    interest,
    duration: 30,
    noOfTimes: 1,
    minAmount: 100,
    maxAmount: 10_000,
    inUse: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const request: TUpgradeRequest = {
  id: '99999999-9999-4999-8999-999999999999',
  user: { id: IDS.client, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
  currentPlan: { id: BASIC, name: 'Basic Plan' },
  requestedPlan: { id: PREMIUM, name: 'Premium Plan' },
  tradingBalance: 1500.25,
  createdAt: '2026-01-05T10:00:00.000Z',
};

function renderPage() {
  return renderWithProviders(<UpgradeRequestsPage />, { session: 'Admin', route: '/admin/plan-upgrades' });
}

describe('Plan upgrades', () => {
  it('lists each request with the client, both plans and the trading balance', async () => {
    answer(getUpgradeRequests, () => ({ upgradeRequests: [request] }));
    renderPage();
    const row = await screen.findByTestId('upgrade');
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Basic Plan');
    expect(row).toHaveTextContent('Premium Plan');
    expect(row).toHaveTextContent('$1,500.25');
  });

  it('says when there are no requests, and when they fail to load', async () => {
    answer(getUpgradeRequests, () => ({ upgradeRequests: [] }), { once: true });
    const { unmount } = renderPage();
    expect(await screen.findByText('No upgrade requests pending')).toBeInTheDocument();
    unmount();
    answer(getUpgradeRequests, () => refuse(400, { error: 'BAD_REQUEST', key: 'errors.badRequest' }));
    renderPage();
    expect(await screen.findByText('Error loading upgrade requests')).toBeInTheDocument();
  });

  it('approves with the requested plan preselected, or another one the admin chooses', async () => {
    answer(getUpgradeRequests, () => ({ upgradeRequests: [request] }));
    answer(getPlans, () => ({
      investmentPlans: [makePlan(BASIC, 'Basic Plan', 20), makePlan(PREMIUM, 'Premium Plan', 80)],
    }));
    const sent = answer(approveUpgrade, () => ({ message: messageText('investments.upgradeApproved') }));
    const { user } = renderPage();
    await user.click(within(await screen.findByTestId('upgrade')).getByTestId('upgrade-approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the upgrade of Ada Lovelace' });
    const select = await within(dialog).findByLabelText('New plan');
    expect(select).toHaveValue(PREMIUM);
    await user.selectOptions(select, '');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription('Please select a plan'));
    expect(sent).toHaveLength(0);
    await user.selectOptions(select, PREMIUM);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Plan upgrade approved successfully')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ userId: IDS.client, newPlanId: PREMIUM }]);
  });

  it('says the plans could not be loaded in the approve dialog', async () => {
    answer(getUpgradeRequests, () => ({ upgradeRequests: [request] }));
    // The plans cannot be fetched (the network is down, say).
    server.use(http.get(`/api${getPlans.path}`, () => HttpResponse.error()));
    const { user } = renderPage();
    await user.click(within(await screen.findByTestId('upgrade')).getByTestId('upgrade-approve'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Error loading investment plans')).toBeInTheDocument();
  });

  it('rejects only with a reason, and shows the server’s refusal', async () => {
    answer(getUpgradeRequests, () => ({ upgradeRequests: [request] }));
    const sent = answer(rejectUpgrade, () => refuse(409, { error: 'CONFLICT', key: 'errors.noUpgradeRequest' }), {
      once: true,
    });
    const { user } = renderPage();
    await user.click(within(await screen.findByTestId('upgrade')).getByTestId('upgrade-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the upgrade of Ada Lovelace' });
    const reason = within(dialog).getByLabelText('Reason for rejection');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Please provide a reason for rejection'));
    expect(sent).toHaveLength(0);
    await user.type(reason, 'Balance below the plan minimum');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messageText('errors.noUpgradeRequest'));
    const accepted = answer(rejectUpgrade, () => ({ message: messageText('investments.upgradeRejected') }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Plan upgrade rejected')).toBeInTheDocument();
    expect(accepted.map(({ body }) => body)).toEqual([
      { userId: IDS.client, reason: 'Balance below the plan minimum' },
    ]);
  });
});
