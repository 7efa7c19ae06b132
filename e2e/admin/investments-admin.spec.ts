import { randomBytes, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, fundedClient, logInAsAdmin, type TFundedClient } from '../support/accounts.ts';
import { accessibilityViolationsOfWholePage } from '../support/axe.ts';
import { letInvestmentTimePass, postgresAppURL, withPayoutClock } from '../support/time.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * The admin's side of investing: plans, the investment decision, the payouts ("trades") and plan
 * upgrades, on the e2e app whose database a journey may move through time (e2e/support/time.ts);
 * there nothing pays due payouts but Process All Trades.
 */
test.use({ baseURL: postgresAppURL, bypassCSP: true });
// One after another: the first journey's Process All Trades would pay the due payouts the last one shows.
test.describe.configure({ mode: 'default' });

const unique = () => randomBytes(3).toString('hex').toUpperCase();

/** A plan made through the API: its id. */
async function createPlanByApi(
  request: APIRequestContext,
  plan: { name: string; interest: number; duration: number; noOfTimes: number; minAmount: number; maxAmount: number },
): Promise<string> {
  const res = await request.post('/api/investmentplan', { headers: await adminHeaders(request), data: plan });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { investmentPlan: { id: string } }).investmentPlan.id;
}

async function planIdByName(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get('/api/investmentplan', { headers: await adminHeaders(request) });
  expect(res.status()).toBe(200);
  const { investmentPlans } = (await res.json()) as { investmentPlans: { id: string; name: string }[] };
  const plan = investmentPlans.find((p) => p.name === name);
  expect(plan, `plan ${name}`).toBeDefined();
  return plan?.id ?? '';
}

/** Invest From Balance as the client: the investment's id (Pending until an admin decides). */
async function investFromBalance(
  request: APIRequestContext,
  client: TFundedClient,
  planId: string,
  amount: number,
): Promise<string> {
  const res = await request.post('/api/investment/invest-from-balance', {
    headers: { ...client.bearer, 'idempotency-key': randomUUID() },
    data: { amount, user: client.id, investmentPlan: planId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { investment: { id: string } }).investment.id;
}

async function approveByApi(request: APIRequestContext, investmentId: string) {
  const res = await request.put(`/api/investment/status/${investmentId}`, {
    headers: { ...(await adminHeaders(request)), 'idempotency-key': randomUUID() },
    data: { status: 'Approved' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function requestUpgrade(request: APIRequestContext, client: TFundedClient, planId: string) {
  const res = await request.post('/api/investment/upgrade', {
    headers: client.bearer,
    data: { userId: client.id, newPlanId: planId },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A toast (or the same words in a dialog) says `text`. */
async function expectSaid(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test('an admin creates and edits a plan, approves an investment, rejects one payout and pays the due ones', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const planName = `Journey Plan ${unique()}`;
  await logInAsAdmin(page);

  // Create New Plan: the form names what is missing, then creates the plan.
  await page.goto('/admin/investmentplans');
  await expect(page.getByRole('heading', { name: 'Investment plans', level: 1 })).toBeVisible();
  await page.getByTestId('plan-create').first().click();
  let dialog = page.getByRole('dialog', { name: 'Create New Plan' });
  await dialog.getByRole('button', { name: 'Create New Plan' }).click();
  await expect(dialog.getByLabel('Trades per day')).toHaveAccessibleDescription('This field is required');
  await expect(dialog.getByLabel('Plan name')).toHaveAccessibleDescription('Plan name is required');
  await dialog.getByLabel('Plan name').fill(planName);
  await dialog.getByLabel('Interest (%)').fill('14');
  await dialog.getByLabel('Duration').selectOption('7');
  await dialog.getByLabel('Trades per day').selectOption('1');
  await dialog.getByLabel('Minimum amount (USD)').fill('100');
  await dialog.getByLabel('Maximum amount (USD)').fill('5000');
  await dialog.getByRole('button', { name: 'Create New Plan' }).click();
  await expectSaid(page, 'New Investment Plan Created Successfully');
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  const card = page.getByRole('article', { name: planName });
  await expect(card).toContainText('14%');
  await expect(card).toContainText('7 days');
  await expect(card).toContainText('1 per day');
  await expect(card).toContainText('Mon - Sun');

  // Edit Plan: the new interest is what new investments get.
  await card.getByTestId('plan-edit').click();
  dialog = page.getByRole('dialog', { name: 'Edit Plan' });
  await expect(dialog.getByLabel('Plan name')).toHaveValue(planName);
  await dialog.getByLabel('Interest (%)').fill('21');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectSaid(page, 'Investment Plan Updated Successfully');
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  await expect(card.getByTestId('plan-interest')).toHaveText('21%');

  // A client invests $1,000 from their balance in it (7 payouts of $30.00: 21% of $1,000).
  const client = await fundedClient(request, 2000);
  const planId = await planIdByName(request, planName);
  await investFromBalance(request, client, planId, 1000);

  // The admin approves it in Investment Management; Approved is final.
  await page.goto('/admin/investments');
  const investment = page.getByRole('row').filter({ hasText: client.lastname });
  await expect(investment).toContainText('$1,000.00');
  await expect(investment).toContainText('Pending');
  await investment.getByTestId('record-status').click();
  await page.getByTestId('status-select').selectOption('Approved');
  await page.getByTestId('status-submit').click();
  await expectSaid(page, 'Investment Status Updated Successfully');
  await expect(investment).toContainText('Approved');
  await expect(investment.getByTestId('record-status')).toBeDisabled();
  // The plan now has an investment: it can no longer be deleted, and says why.
  await page.goto('/admin/investmentplans');
  await expect(page.getByRole('article', { name: planName }).getByText('In use')).toBeVisible();
  await expect(page.getByRole('article', { name: planName }).getByTestId('plan-delete')).toHaveCount(0);

  // While this journey makes payouts due and pays them, no other journey pays them first.
  await withPayoutClock(async () => {
    // Two days pass: the first two payouts are due.
    await letInvestmentTimePass(client.email, 49);

    // The Trade Log lists the client's seven pending payouts, the due ones marked Overdue.
    await page.goto('/admin/trades');
    await expect(page.getByRole('heading', { name: 'Trade Log', level: 1 })).toBeVisible();
    const payouts = page.getByTestId('trade').filter({ hasText: client.lastname });
    await expect(payouts.first()).toBeVisible();
    await expect(payouts.first()).toContainText('Payout 1 of 7');
    await expect(payouts.first()).toContainText('$30.00');
    await expect(payouts.first()).toContainText('Overdue');
    await expect(payouts.first()).toContainText('Pending');

    // Reject the first one: a reason is required, and the client will read it.
    await payouts.first().getByTestId('trade-reject').click();
    dialog = page.getByRole('dialog', { name: /^Reject trade #/ });
    await dialog.getByRole('button', { name: 'Reject trade' }).click();
    await expect(dialog.getByLabel('Reason for rejection')).toHaveAccessibleDescription(
      'Please provide a reason for rejection',
    );
    await dialog.getByLabel('Reason for rejection').fill('Market closed early that day');
    await dialog.getByRole('button', { name: 'Reject trade' }).click();
    await expectSaid(page, 'Trade rejected successfully');
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await expect(payouts.first()).toContainText('Payout 2 of 7');

    // Rejected trades shows it with its reason.
    await page.getByTestId('trade-tab-rejected').click();
    await expect(page).toHaveURL(/\/admin\/trades\/rejected$/);
    const rejected = page.getByTestId('trade').filter({ hasText: client.lastname });
    await expect(rejected).toHaveCount(1);
    await expect(rejected).toContainText('Market closed early that day');
    await expect(rejected).toContainText('Rejected');
    await expect(rejected).toContainText('$30.00');

    // Due trades: the second payout; nothing pays it here but Process All Trades.
    await page.getByTestId('trade-tab-due').click();
    await expect(page).toHaveURL(/\/admin\/trades\/due$/);
    await expect(page.getByTestId('auto-processing')).toContainText('Automatic processing is off');
    const due = page.getByTestId('trade').filter({ hasText: client.lastname });
    await expect(due).toHaveCount(1);
    await expect(due).toContainText('Payout 2 of 7');
    await page.getByTestId('process-all').click();
    dialog = page.getByRole('dialog', { name: 'Process All Trades' });
    await expect(dialog).toContainText('Are you sure you want to process all due trades?');
    await dialog.getByRole('button', { name: 'Process All Trades' }).click();
    await expectSaid(page, 'Trades processed successfully');
    await expect(due).toHaveCount(0);
  });

  // The paid payout is in the money records as a Payout, money in.
  await page.goto('/admin/transactions');
  const paid = page.getByRole('row').filter({ hasText: client.lastname }).filter({ hasText: 'Payout' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('+$30.00');
  await expect(paid).toContainText(planName);
  await expect(paid.getByTestId('record-status')).toBeDisabled();

  // With none of the client's payouts due any more, Process All Trades still answers and says so.
  await page.goto('/admin/trades/due');
  await expect(page.getByTestId('trade').filter({ hasText: client.lastname })).toHaveCount(0);
  await page.getByTestId('process-all').click();
  dialog = page.getByRole('dialog', { name: 'Process All Trades' });
  await dialog.getByRole('button', { name: 'Process All Trades' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Trades processed successfully\. Trades paid: \d+/);
  await expect(dialog).toBeHidden({ timeout: 5_000 });
});

test('an admin approves one plan upgrade with a chosen plan and rejects another with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const basic = await createPlanByApi(request, {
    name: `Upgrade Basic ${tag}`,
    interest: 10,
    duration: 7,
    noOfTimes: 1,
    minAmount: 100,
    maxAmount: 5000,
  });
  const premiumName = `Upgrade Premium ${tag}`;
  const premium = await createPlanByApi(request, {
    name: premiumName,
    interest: 30,
    duration: 30,
    noOfTimes: 2,
    minAmount: 100,
    maxAmount: 50_000,
  });
  // Two clients on the basic plan (approving their first investment gives them the plan), each asking for premium.
  const clients: TFundedClient[] = [];
  for (let i = 0; i < 2; i++) {
    const client = await fundedClient(request, 1000);
    await approveByApi(request, await investFromBalance(request, client, basic, 500));
    await requestUpgrade(request, client, premium);
    clients.push(client);
  }
  const [approved, refused] = clients as [TFundedClient, TFundedClient];

  await logInAsAdmin(page);
  await page.goto('/admin/plan-upgrades');
  await expect(page.getByRole('heading', { name: 'Plan upgrades', level: 1 })).toBeVisible();
  const first = page.getByTestId('upgrade').filter({ hasText: approved.lastname });
  await expect(first).toContainText(`Upgrade Basic ${tag}`);
  await expect(first).toContainText(premiumName);
  await expect(first).toContainText('$500.00');

  // Approve: the plan asked for is preselected; choosing none is refused.
  await first.getByTestId('upgrade-approve').click();
  let dialog = page.getByRole('dialog', { name: `Approve the upgrade of ${approved.firstname} ${approved.lastname}` });
  const select = dialog.getByLabel('New plan');
  await expect(select).toHaveValue(premium);
  await select.selectOption('');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(select).toHaveAccessibleDescription('Please select a plan');
  await select.selectOption(premium);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectSaid(page, 'Plan upgrade approved successfully');
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(first).toHaveCount(0);
  const after = await request.get(`/api/client/${approved.id}`, { headers: await adminHeaders(request) });
  expect(((await after.json()) as { plan: { name: string } | null }).plan?.name).toBe(premiumName);

  // Reject: a reason is required.
  const second = page.getByTestId('upgrade').filter({ hasText: refused.lastname });
  await second.getByTestId('upgrade-reject').click();
  dialog = page.getByRole('dialog', { name: `Reject the upgrade of ${refused.firstname} ${refused.lastname}` });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByLabel('Reason for rejection')).toHaveAccessibleDescription(
    'Please provide a reason for rejection',
  );
  await dialog.getByLabel('Reason for rejection').fill('Trading balance below the premium minimum');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expectSaid(page, 'Plan upgrade rejected');
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(second).toHaveCount(0);
  const kept = await request.get(`/api/client/${refused.id}`, { headers: await adminHeaders(request) });
  expect(((await kept.json()) as { plan: { name: string } | null }).plan?.name).toBe(`Upgrade Basic ${tag}`);
});

test('the plans, trade and upgrade pages fit 375 and 1280 px and meet WCAG 2.1 AA in both themes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = unique();
  const planId = await createPlanByApi(request, {
    name: `Standard Plan ${tag}`,
    interest: 12.5,
    duration: 7,
    noOfTimes: 2,
    minAmount: 100,
    maxAmount: 5000,
  });
  const other = await createPlanByApi(request, {
    name: `Axe Plan ${tag}`,
    interest: 40,
    duration: 30,
    noOfTimes: 4,
    minAmount: 100,
    maxAmount: 5000,
  });
  // Something on every page: pending and due payouts, a rejected one and an upgrade request.
  const client = await fundedClient(request, 1000);
  await approveByApi(request, await investFromBalance(request, client, planId, 800));
  await requestUpgrade(request, client, other);
  await letInvestmentTimePass(client.email, 25);
  const pending = await request.get('/api/trade/pending?limit=100', { headers: await adminHeaders(request) });
  const { trades } = (await pending.json()) as { trades: { id: string; userId: string }[] };
  const first = trades.find((trade) => trade.userId === client.id);
  expect(first).toBeDefined();
  const rejected = await request.post(`/api/trade/reject/${first?.id}`, {
    headers: await adminHeaders(request),
    data: { reason: 'Accessibility journey' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await logInAsAdmin(page);
  const pages = [
    '/admin/investmentplans',
    '/admin/trades',
    '/admin/trades/due',
    '/admin/trades/rejected',
    '/admin/plan-upgrades',
  ];
  const found: Record<string, string[]> = {};
  for (const view of VIEWS) {
    for (const path of pages) {
      await openAt(page, view, path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByTestId('error-state')).toHaveCount(0);
      // The page's content is there (a journey running beside this one may have paid the due
      // payouts, so an empty list counts too) and nothing scrolls sideways.
      await expect(
        page
          .getByRole('article', { name: `Standard Plan ${tag}` })
          .or(page.getByTestId(view.width < 1280 ? 'trade-card' : 'trade').filter({ hasText: client.lastname }))
          .or(page.getByTestId(view.width < 1024 ? 'upgrade-card' : 'upgrade').filter({ hasText: client.lastname }))
          .or(page.getByTestId('empty-state'))
          .first(),
      ).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${view.width} px scrolls sideways`).toBeLessThanOrEqual(0);
      const violations = await accessibilityViolationsOfWholePage(page);
      if (violations.length > 0) found[`${path} ${view.width}px ${view.theme}`] = violations;
    }
  }
  expect(found).toEqual({});
});
