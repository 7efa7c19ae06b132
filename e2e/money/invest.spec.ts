import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminHeaders,
  clientId,
  fundedClient,
  logInAsClient,
  registerClient,
  type TClientAccount,
} from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { letInvestmentTimePass, postgresAppURL, withPayoutClock } from '../support/time.ts';
import { openAt, VIEWS } from '../support/views.ts';

// Journeys about payouts run on the PostgreSQL app, whose investments can be moved through time
// (e2e/support/time.ts) and whose payouts only Process All Trades pays.
test.use({ baseURL: postgresAppURL, bypassCSP: true });

interface TPlanTerms {
  interest: number;
  duration: number;
  noOfTimes: number;
  minAmount: number;
  maxAmount: number;
}

/** A plan of the operator's, created by the admin through the API, with a name no other journey uses. */
async function createPlan(request: APIRequestContext, label: string, terms: TPlanTerms) {
  const name = `${label} ${randomBytes(3).toString('hex').toUpperCase()}`;
  const res = await request.post('/api/investmentplan', {
    headers: await adminHeaders(request),
    data: { name, ...terms },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { investmentPlan } = (await res.json()) as { investmentPlan: { id: string; name: string } };
  return investmentPlan;
}

/** The client's investments, newest first, as the admin reads them. */
async function investmentsOf(request: APIRequestContext, userId: string) {
  const res = await request.get(`/api/investment/user/${userId}`, { headers: await adminHeaders(request) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { investments: { id: string; status: string }[] }).investments;
}

async function approveInvestment(request: APIRequestContext, investmentId: string) {
  const res = await request.put(`/api/investment/status/${investmentId}`, {
    headers: await adminHeaders(request),
    data: { status: 'Approved' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The card of Trading Plans that names `planName`. */
const planCard = (page: Page, planName: string) =>
  page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name: planName }) });

/** History rows as the view shows them: table rows from `md` up, cards below. */
const historyRows = (page: Page) =>
  page.locator('[data-testid="transaction-row"], [data-testid="transaction-row-card"]').filter({ visible: true });

async function expectNoAxeViolations(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

test('a client invests from balance, the admin approves, payouts are paid, and the profit shows everywhere', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // 20% over 7 days, 4 payouts a day: $700.00 earns $140.00, 28 payouts of $5.00.
  const plan = await createPlan(request, 'Growth', {
    interest: 20,
    duration: 7,
    noOfTimes: 4,
    minAmount: 100,
    maxAmount: 10_000,
  });
  const client = await fundedClient(request, 1000);
  const { id } = client;

  await logInAsClient(page, client, true);
  await page.goto('/user/investmentplan');
  await expect(page.getByRole('heading', { name: 'Trading Plans' })).toBeVisible();
  const card = planCard(page, plan.name);
  await expect(card).toContainText('20%');
  await expect(card.getByRole('button', { name: 'Upgrade to Plan' })).toHaveCount(0);
  await card.getByRole('link', { name: 'Continue with Plan' }).click();

  await expect(page.getByRole('heading', { name: plan.name, level: 1 })).toBeVisible();
  const detail = page.getByRole('main');
  await expect(detail).toContainText('No Hidden Charges');
  await expect(detail).toContainText('Daily');
  await expect(detail).toContainText('$100.00');
  await expect(detail).toContainText('$10,000.00');
  await expect(page.getByTestId('earnings-example')).toHaveText(
    'Investing $100.00 earns $20.00 in total: 28 × $0.71. The last one pays $0.83.',
  );
  await expectNoAxeViolations(page);
  await page.getByTestId('invest-from-balance').click();

  const dialog = page.getByRole('dialog', { name: 'Invest From Balance' });
  await expect(dialog.getByTestId('available-balance')).toHaveText('$1,000.00');
  const amount = dialog.getByLabel('Amount (USD)');
  await amount.fill('50');
  await expect(amount).toHaveAccessibleDescription('Minimum amount is $100.00');
  await amount.fill('1200');
  await expect(amount).toHaveAccessibleDescription('Insufficient balance');
  await amount.fill('700');
  await expect(dialog.getByTestId('earnings-example')).toHaveText(
    'Investing $700.00 earns $140.00 in total: 28 × $5.00.',
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Invest Now' }).click();
  await expect(dialog.getByText('Investment successfully made from balance!')).toBeVisible();
  // The dialog closes by itself and the client lands on the dashboard.
  await expect(page).toHaveURL(/\/user$/);
  // The $700.00 left what may be withdrawn, not the client's equity.
  await expect(page.getByTestId('equity')).toHaveText('$1,000.00');
  await expect(page.getByTestId('withdrawable')).toContainText('$300.00');
  await expect(page.getByTestId('recent-transactions')).toContainText('Investment');
  await expect(page.getByTestId('recent-transactions')).toContainText('Pending');

  // Before approval: pending, no payouts, nothing in trade activities.
  await page.goto('/user/investments');
  const pendingRow = historyRows(page).filter({ hasText: plan.name }).first();
  await expect(pendingRow).toContainText('Pending');
  await page.goto('/user/trade-activities');
  await expect(page.getByText('No trade activity in the last 24 hours')).toBeVisible();

  // The admin approves; 13 hours pass (payouts at 6 h and 12 h are due); Process All Trades pays them.
  const [investment] = await investmentsOf(request, id);
  expect(investment?.status).toBe('Pending');
  await approveInvestment(request, investment?.id ?? '');
  await withPayoutClock(async () => {
    await letInvestmentTimePass(client.email, 13);
    const processed = await request.post('/api/trade', { headers: await adminHeaders(request) });
    expect(processed.status(), await processed.text()).toBe(200);
    expect(((await processed.json()) as { processed: number }).processed).toBeGreaterThanOrEqual(2);
  });

  // The admin rejects the next payout with a reason: no money, a "not paid" line the client can read.
  const pending = await request.get('/api/trade/pending?limit=100', { headers: await adminHeaders(request) });
  const next = ((await pending.json()) as { trades: { id: string; userId: string; sequence: number }[] }).trades
    .filter((trade) => trade.userId === id)
    .sort((a, b) => a.sequence - b.sequence)[0];
  expect(next?.sequence).toBe(3);
  const rejected = await request.post(`/api/trade/reject/${next?.id}`, {
    headers: await adminHeaders(request),
    data: { reason: 'Market closed for the holiday' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  for (const view of VIEWS) {
    await test.step(`${view.width} px, ${view.theme}`, async () => {
      // Dashboard: $300.00 balance + $10.00 profit + $700.00 in the plan; the realised profit badge.
      await openAt(page, view, '/user');
      await expect(page.getByTestId('equity')).toHaveText('$1,010.00');
      await expect(page.getByTestId('withdrawable')).toContainText('$310.00');
      await expect(page.getByTestId('realised-profit')).toHaveText('Realised profit +$10.00');
      await expect(page.getByTestId('recent-transactions')).toContainText('Payout');
      await expect(page.getByTestId('recent-transactions')).toContainText(plan.name);

      // Balance page: the approved investment counts in Total Investment, the payouts in Total Profits.
      await openAt(page, view, '/user/balance');
      await page.getByRole('button', { name: 'Show amounts' }).click();
      await expect(page.getByTestId('breakdown-investment')).toContainText('$700.00');
      await expect(page.getByTestId('breakdown-trading')).toContainText('$700.00');
      await expect(page.getByTestId('breakdown-profit')).toContainText('+$10.00');
      await expect(page.getByTestId('profit-plans')).toContainText('+$10.00');

      // Trade activities: two profits, one not paid with its reason (no money taken), net +$10.00:
      // the same realised profit as the dashboard and the Balance page.
      await openAt(page, view, '/user/trade-activities');
      await expect(page.getByTestId('total-profit')).toContainText('+$10.00');
      await expect(page.getByTestId('total-loss')).toContainText('Not paid (rejected)$5.00');
      await expect(page.getByTestId('net-pl')).toContainText('+$10.00');
      await expect(page.getByTestId('activity-plan')).toContainText(plan.name);
      await expect(page.getByTestId('next-payout')).toContainText('$5.00');
      await expect(page.getByTestId('activity-row')).toHaveCount(3);
      await expect(page.getByTestId('activity-row').filter({ hasText: 'Not paid' })).toContainText(
        'Market closed for the holiday',
      );
      await expectNoAxeViolations(page);

      // History: each paid payout is a Payout of the plan, money in; the investment shows its progress.
      await openAt(page, view, '/user/transactions');
      const payouts = historyRows(page).filter({ hasText: 'Payout' });
      await expect(payouts).toHaveCount(2);
      await expect(payouts.first()).toContainText(plan.name);
      await expect(payouts.first()).toContainText('+$5.00');
      await openAt(page, view, '/user/investments');
      await expect(page.getByTestId('investment-progress').filter({ visible: true })).toContainText(
        '2/28 payouts paid · $10.00 paid out',
      );

      // The plans page names the client's plan now (set by the first approved investment).
      await openAt(page, view, '/user/investmentplan');
      await expect(planCard(page, plan.name).getByTestId('plan-current')).toHaveText('Current Plan');
      await expectNoAxeViolations(page);
    });
  }

  // A payout's own page names its plan.
  await page.goto('/user/transactions');
  await historyRows(page).filter({ hasText: 'Payout' }).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Payout' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(plan.name);
  await expect(page.getByTestId('transaction-amount')).toContainText('+$5.00');
});

test('a client invests via deposit, pays when the admin completes it, then asks to upgrade', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const methodName = `USDT (TRC20) ${suffix}`;
  const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const method = await request.post('/api/depositmethod', {
    headers: await adminHeaders(request),
    data: { name: methodName, value: address, description: 'Tether on TRON', minAmount: 10, maxAmount: 50_000 },
  });
  expect(method.status(), await method.text()).toBe(201);
  const starter = await createPlan(request, 'Starter', {
    interest: 10,
    duration: 10,
    noOfTimes: 1,
    minAmount: 200,
    maxAmount: 5_000,
  });
  const premium = await createPlan(request, 'Premier', {
    interest: 40,
    duration: 30,
    noOfTimes: 2,
    minAmount: 1_000,
    maxAmount: 100_000,
  });
  const client: TClientAccount = await registerClient(request);
  const id = await clientId(request, client);

  await logInAsClient(page, client, true);
  await page.goto(`/user/investmentplan/${starter.id}`);
  await page.getByTestId('invest-via-deposit').click();
  const dialog = page.getByRole('dialog', { name: 'Invest Via Deposit' });
  await dialog.getByRole('button', { name: 'Create Investment' }).click();
  await expect(dialog.getByLabel('Deposit method')).toHaveAccessibleDescription('Please select a deposit method');
  await dialog.getByLabel('Deposit method').selectOption({ label: methodName });
  await dialog.getByLabel('Amount (USD)').fill('100');
  await expect(dialog.getByLabel('Amount (USD)')).toHaveAccessibleDescription('Minimum amount is $200.00');
  await dialog.getByLabel('Amount (USD)').fill('500');
  await dialog.getByRole('button', { name: 'Create Investment' }).click();
  await expect(dialog.getByText('Investment Successfully Created')).toBeVisible();
  await expect(dialog.getByTestId('invest-wallet-address')).toHaveText(address);
  await expect(page).toHaveURL(/\/user$/);

  await page.goto('/user/investments');
  await expect(page.getByTestId('investment-progress').filter({ visible: true })).toHaveText('Waiting for the deposit');

  // Approval waits for the deposit: the admin completes it (the money moves balance → trading), then approves.
  const [investment] = await investmentsOf(request, id);
  const early = await request.put(`/api/investment/status/${investment?.id}`, {
    headers: await adminHeaders(request),
    data: { status: 'Approved' },
  });
  expect(early.status()).toBe(409);
  const deposits = await request.get(`/api/deposit/user/${id}`, { headers: await adminHeaders(request) });
  const [deposit] = ((await deposits.json()) as { deposits: { id: string }[] }).deposits;
  const completed = await request.put(`/api/deposit/status/${deposit?.id}`, {
    headers: await adminHeaders(request),
    data: { status: 'Completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  await approveInvestment(request, investment?.id ?? '');

  // The first approved investment made Starter the client's plan: Current Plan, and Upgrade to Plan on others.
  await page.goto('/user/investmentplan');
  await expect(planCard(page, starter.name).getByTestId('plan-current')).toHaveText('Current Plan');
  await planCard(page, premium.name).getByRole('button', { name: 'Upgrade to Plan' }).click();
  await expect(page.getByText('Upgrade request submitted successfully')).toBeVisible();
  await expect(page.getByTestId('upgrade-pending')).toHaveText(`Upgrade to ${premium.name} pending`);
  await expect(planCard(page, premium.name).getByRole('button', { name: 'Upgrade to Plan' })).toBeDisabled();

  // The dashboard's banner says so, with View plans.
  await page.goto('/user');
  const banner = page.getByTestId('alert-plan-upgrade');
  await expect(banner).toContainText(`Upgrade to ${premium.name} pending`);
  await banner.getByRole('link', { name: 'View plans' }).click();
  await expect(page).toHaveURL(/\/user\/investmentplan$/);

  // Approved but no payout due yet: trade activities are empty and name the next payout.
  await page.goto('/user/trade-activities');
  await expect(page.getByText('No trade activity in the last 24 hours')).toBeVisible();
  await expect(page.getByTestId('activity-plan')).toContainText(starter.name);
  await expect(page.getByTestId('next-payout')).toContainText('$5.00');
  await page.goto('/user/balance');
  await page.getByRole('button', { name: 'Show amounts' }).click();
  await expect(page.getByTestId('breakdown-investment')).toContainText('$500.00');
  await expect(page.getByTestId('breakdown-deposit')).toContainText('$500.00');
});
