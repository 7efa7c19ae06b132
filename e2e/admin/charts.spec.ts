import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders, logInAsAdmin, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { newDepositMethod } from '../support/methods.ts';
import { openAt, VIEWS } from '../support/views.ts';

test.use({ bypassCSP: true });

interface TFigure {
  count: number;
  amount: number;
}
interface TCharts {
  dates: string[];
  series: { type: string; status: string; total: TFigure; days: TFigure[] }[];
}

/** The admin's charts of the last 7 days, as the API answers them. */
async function charts(request: APIRequestContext): Promise<TCharts> {
  const res = await request.get('/api/admin/charts/transactions?days=7', { headers: await adminHeaders(request) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TCharts;
}

const completedDeposits = (answer: TCharts) =>
  answer.series.find((s) => s.type === 'Deposit' && s.status === 'Completed')?.total ?? { count: 0, amount: 0 };

/** Whole cents of a dollar figure of the API (2 decimals at most), without float arithmetic on it. */
const cents = (dollars: number) => {
  const [whole = '0', fraction = ''] = dollars.toFixed(2).split('.');
  return Number(whole) * 100 + Number(fraction);
};
const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

test('the admin’s charts show the deposit a client has just made, by status, at every width and theme, in English, French and Japanese', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const before = completedDeposits(await charts(request));

  // A client declares a deposit of $777.31 and the admin completes it.
  const { id: methodId } = await newDepositMethod(request, {
    name: `Charts USDT ${randomBytes(3).toString('hex').toUpperCase()}`,
  });
  const client = await registerClient(request);
  const login = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  const { user, accessToken } = (await login.json()) as { user: { id: string }; accessToken: string };
  const declared = await request.post('/api/deposit', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { amount: 777.31, depositMethod: methodId, user: user.id },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const depositId = ((await declared.json()) as { deposit: { id: string } }).deposit.id;
  const pending = await charts(request);
  const today = pending.dates.length - 1;
  expect(
    pending.series.find((s) => s.type === 'Deposit' && s.status === 'Pending')?.days[today]?.count,
  ).toBeGreaterThanOrEqual(1);
  const done = await request.put(`/api/deposit/status/${depositId}`, {
    headers: await adminHeaders(request),
    data: { status: 'Completed' },
  });
  expect(done.status(), await done.text()).toBe(200);

  // Completed deposits only grow (a completed record cannot be deleted): this one is in them now.
  const after = completedDeposits(await charts(request));
  expect(after.count).toBeGreaterThanOrEqual(before.count + 1);
  expect(cents(after.amount)).toBeGreaterThanOrEqual(cents(before.amount) + 777_31);

  await logInAsAdmin(page);
  // The dashboard's chart card, below the client list, mounts as it comes near the screen.
  const more = page.getByRole('link', { name: 'Charts by status' });
  await expect(async () => {
    await page.mouse.wheel(0, 900);
    await expect(more).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await more.click();
  await expect(page).toHaveURL(/\/admin\/charts$/);
  for (const view of VIEWS) {
    const where = `/admin/charts at ${view.width} px, ${view.theme}`;
    await openAt(page, view, '/admin/charts?days=7');
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction charts' })).toBeVisible();
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    // The page says what the API says (other journeys may add deposits meanwhile: asked again until equal).
    const completed = page.getByTestId('chart-totals-Deposit').locator('[data-status="Completed"]');
    await expect(async () => {
      const now = completedDeposits(await charts(request));
      await page.reload();
      await expect(completed).toContainText(usd(now.amount), { timeout: 5_000 });
      await expect(completed).toContainText(`Records: ${now.count}`);
    }).toPass({ timeout: 30_000 });
    // Today's bar is drawn, and the screen readers' table has today's completed deposits.
    await expect
      .poll(() => page.getByTestId('chart-graph').locator('.recharts-bar-rectangle').count())
      .toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Deposits per day by status, last 7 days (UTC)' });
    await expect(table.getByRole('row')).toHaveCount(8);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page), where).toEqual([]);
  }

  // Counts instead of amounts, and another type.
  await page.getByTestId('chart-measure').getByRole('button', { name: 'Number of records' }).click();
  await page.getByTestId('chart-type').getByRole('button', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('table', { name: 'Withdrawals per day by status, last 7 days (UTC)' })).toBeAttached();
  await expect(page.getByTestId('chart-graph')).toContainText('Records');

  // In French the legends follow: by status here, by type on the dashboard.
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'fr'));
  await page.goto('/admin/charts?days=7');
  await expect(page.getByTestId('chart-graph').locator('li').first()).toBeAttached();
  await expect(page.getByTestId('chart-graph')).toContainText('Terminé');
  await expect(page.getByTestId('chart-graph')).not.toContainText('Completed');
  await page.goto('/admin');
  const legend = page.locator('.recharts-legend-wrapper');
  await expect(async () => {
    await page.mouse.wheel(0, 900);
    await expect(legend).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(legend).toContainText('Dépôts');
  await expect(legend).toContainText('Retraits');
  await expect(legend).not.toContainText('Deposits');

  // And in Japanese.
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'ja'));
  await page.goto('/admin/charts?days=7');
  await expect(page.getByTestId('chart-graph')).toContainText('完了');
  await expect(page.getByTestId('chart-graph')).not.toContainText('Completed');
});
