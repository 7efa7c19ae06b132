import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

test.use({ bypassCSP: true });

/** A deposit method of the operator's, with a name no other journey uses. */
async function createDepositMethod(request: APIRequestContext, label: string, minAmount: number) {
  const name = `${label} ${randomBytes(3).toString('hex').toUpperCase()}`;
  const res = await request.post('/api/depositmethod', {
    headers: await adminHeaders(request),
    data: {
      name,
      value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      description: 'Tether on TRON',
      minAmount,
      maxAmount: 50_000,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { depositMethod: { id: string; name: string } }).depositMethod;
}

async function expectReadable(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page), where).toEqual([]);
}

test('the deposit guide shows the real methods and the steps, and the deposit page leads into a real deposit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const method = await createDepositMethod(request, 'USDT (TRC20)', 20);
  const client = await registerClient(request);
  // Make Deposit waits 300 s before it lets the client submit; the fake clock skips it.
  await page.clock.install();
  await logInAsClient(page, client, true);

  // The dashboard's Learn more and the guide page say the same steps.
  await page.getByTestId('deposit-guide').getByRole('button', { name: 'Learn more' }).click();
  const learnMore = page.getByRole('dialog', { name: 'How to deposit' });
  await expect(learnMore.getByRole('listitem')).toHaveCount(4);
  await learnMore.getByRole('link', { name: 'Read the full guide' }).click();
  await expect(page).toHaveURL(/\/user\/deposit-process$/);

  for (const view of VIEWS) {
    const where = `/user/deposit-process at ${view.width} px, ${view.theme}`;
    await openAt(page, view, '/user/deposit-process');
    await expect(page.getByRole('heading', { level: 1, name: 'How to deposit' })).toBeVisible();
    const card = page.getByTestId('method-card').filter({ has: page.getByRole('heading', { name: method.name }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText('5 - 60 minutes');
    await expect(card.getByRole('link', { name: `Deposit with ${method.name}` })).toHaveAttribute(
      'href',
      `/user/depositmethod/${method.id}`,
    );
    const steps = page.getByTestId('deposit-guide-steps');
    await expect(steps.getByRole('listitem')).toHaveCount(4);
    await expect(steps).toContainText('Confirmation takes from instant to about 30 minutes');
    await expect(page.getByTestId('two-factor-note')).toContainText('Off');
    await expectReadable(page, where);
  }

  await page.getByRole('link', { name: 'Start a deposit' }).click();
  await expect(page).toHaveURL(/\/user\/deposit$/);
  for (const view of VIEWS) {
    await openAt(page, view, '/user/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
    await expect(page.getByLabel('Deposit method')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent deposits' })).toBeVisible();
    await expect(page.getByText('No deposits yet')).toBeVisible();
    await expectReadable(page, `/user/deposit at ${view.width} px, ${view.theme}`);
  }

  // A deposit through the form: the method's minimum holds, then its Make Deposit records it.
  await page.getByLabel('Deposit method').selectOption({ label: method.name });
  const amount = page.getByLabel('Amount (USD)');
  await amount.fill('15');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(amount).toHaveAccessibleDescription('Minimum amount is $20.00');
  await amount.fill('321.45');
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Deposit' });
  await expect(dialog).toContainText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await expect(dialog.getByLabel('Amount (USD)')).toHaveValue('321.45');
  await page.clock.runFor(300_500);
  await dialog.getByTestId('deposit-submit').click();
  await expect(page.getByText('Deposit Successfully').first()).toBeVisible();
  await page.clock.runFor(3_100);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('recent-transactions')).toContainText('$321.45');

  // The deposit page now lists it, Pending.
  await page.goto('/user/deposit');
  const latest = page.getByRole('region', { name: 'Recent deposits' });
  await expect(latest).toContainText('$321.45');
  await expect(latest).toContainText('Pending');
});
