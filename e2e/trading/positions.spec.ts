import { expect, type Page, test } from '@playwright/test';
import { fundedClient, logInAsClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { letPositionExpire, postgresAppURL } from '../support/time.ts';

// Positions expire on the PostgreSQL app, where a journey may move a position's expiration into the
// past (e2e/support/time.ts); the server's positions job then closes it at the market price.
test.use({ baseURL: postgresAppURL, bypassCSP: true });

/** How long the server may take to close an expired position (its job runs every JOBS_INTERVAL_MS, 10 s) and the page to show it. */
const CLOSE_TIMEOUT_MS = 45_000;

/** Rows as the view shows them: table rows from `lg` up, cards below. */
const visibleRows = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"], [data-testid="${testId}-card"]`).filter({ visible: true });

/** Dollars of a signed amount as the page writes it ("+$1,234.56", "-$5.00", "$0.00"). */
function dollars(text: string): number {
  const match = /([+-]?)\$([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number((match[2] ?? '').replaceAll(',', ''));
  return match[1] === '-' ? -value : value;
}

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.round(value * 100) / 100);

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280] as const) {
  test(`at ${width} px a client opens a position from the dashboard, watches it live, it expires, and its result shows everywhere`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const client = await fundedClient(request, 1000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await logInAsClient(page, client, true);

    // Dashboard: Open New Position, checked in the browser before anything is sent. On a phone it is
    // below the fold, and the form (its code) comes as it is scrolled to.
    await page.getByTestId('dashboard-open-position').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Open New Position' });
    await expect(form.getByTestId('position-available')).toContainText('$1,000.00');
    await form.getByRole('button', { name: 'Buy' }).click();
    await expect(form.getByText('Please select a trading pair')).toBeVisible();
    await form.getByLabel('Trading pair').selectOption('BTC/USD');
    await expect(form.getByTestId('position-price')).toContainText(/Market price [\d,]+\.\d{2}/);
    const amount = form.getByLabel('Amount (USD)');
    await amount.fill('1000.01');
    await expect(amount).toHaveAccessibleDescription('Insufficient balance');
    await amount.fill('100');
    await form.getByLabel('Leverage').selectOption({ label: '1:5' });
    await form.getByLabel('Expiration').selectOption({ label: '30 minutes' });
    await form.getByRole('button', { name: 'Buy' }).click();
    // Nothing opens on Buy: the review comes first, with $100.00 × 5 of exposure.
    const review = form.getByRole('region', { name: 'Review your position' });
    await expect(review.getByTestId('review-exposure')).toContainText('$500.00');
    await expect(review.getByTestId('review-max-loss')).toContainText('$100.00');
    const before = await request.get(`/api/position/user/${client.id}`, { headers: client.bearer });
    expect(((await before.json()) as { positions: unknown[] }).positions).toEqual([]);
    await expectNoSidewaysScroll(page);
    await review.getByRole('button', { name: 'Confirm buy' }).click();
    await expect(page.getByText('Position opened!')).toBeVisible();
    // The margin left what may be withdrawn but is still in equity; the dashboard lists the position,
    // pending, priced live.
    await expect(page.getByTestId('withdrawable')).toContainText('$900.00');
    await page.getByRole('button', { name: 'What makes up equity' }).click();
    await expect(page.getByTestId('part-margin')).toContainText('$100.00');
    await expect(page.getByTestId('equity-pricing')).toHaveText('Open positions at live prices.');
    const latest = page.getByTestId('latest-position').first();
    await expect(latest).toContainText('BTC/USD · Buy · 1:5');
    await expect(latest).toContainText('Pending');
    await expect(latest.getByTestId('position-unrealised')).toContainText(/Unrealised [+-]?\$\d/);
    await expectNoSidewaysScroll(page);

    // Positions page: Pending with its unrealised P&L, updated from the live prices.
    await page.getByRole('link', { name: 'All positions' }).click();
    await expect(page).toHaveURL(/\/user\/positions$/);
    await expect(page.getByRole('heading', { name: 'Open Positions', level: 1 })).toBeVisible();
    const row = visibleRows(page, 'position-row').filter({ hasText: 'BTC/USD' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Buy');
    await expect(row).toContainText('$100.00');
    await expect(row).toContainText('1:5');
    await expect(row).toContainText('Pending');
    await expect(row.getByTestId('position-unrealised')).toContainText(/Unrealised [+-]?\$\d/);
    await expect(page.getByTestId('summary-pairs')).toContainText('1');
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Its time comes: the server closes it at the market price, and the page shows the result.
    expect(await letPositionExpire(client.email)).toBe(1);
    const result = row.getByTestId('position-result');
    await expect(result).toContainText(/Gain|Loss/, { timeout: CLOSE_TIMEOUT_MS });
    await expect(row).toContainText('Expired');
    await expect(row.getByRole('button', { name: /^Close/ })).toHaveCount(0);
    const pnl = dollars((await result.textContent()) ?? '');
    await expect(result).toContainText(pnl < 0 ? 'Loss' : 'Gain');
    await expect(page.getByTestId('summary-net')).toContainText(usd(Math.abs(pnl)));

    // The closed position's badges and figures read well in the light theme too.
    await page.evaluate(() => localStorage.setItem('meridian.theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(row.getByTestId('position-result')).toContainText(/Gain|Loss/);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The balance took back the margin and the result.
    await page.goto('/user');
    await expect(page.getByTestId('equity')).toHaveText(usd(1000 + pnl));

    // History: the position is a completed record naming its pair, with its result.
    await page.goto('/user/transactions');
    const historyRow = visibleRows(page, 'transaction-row').filter({ hasText: 'Position' }).first();
    await expect(historyRow).toContainText('BTC/USD');
    await expect(historyRow).toContainText('Completed');
    await expect(historyRow).toContainText(pnl === 0 ? '$0.00' : usd(Math.abs(pnl)));
    await historyRow.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Position', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('BTC/USD');
    await expect(page.getByRole('main')).toContainText('$100.00');
    await expectNoSidewaysScroll(page);

    // The client is told: the bell's messages carry the close.
    await page.goto('/user/notifications');
    await expect(page.getByRole('main')).toContainText('Position expired');
    await expect(page.getByRole('main')).toContainText('BTC/USD');
  });
}

test('a client opens a trade from the Positions page and closes it with the Close button', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await fundedClient(request, 500);
  await logInAsClient(page, client, true);
  await page.goto('/user/positions');
  await expect(page.getByText('No positions found')).toBeVisible();
  await expect(page.getByText('Open your first position to start trading')).toBeVisible();

  await page.getByRole('button', { name: 'Open Trade' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Open Trade' });
  await dialog.getByLabel('Trading pair').selectOption('ETH/USD');
  await dialog.getByLabel('Amount (USD)').fill('50');
  await dialog.getByLabel('Leverage').selectOption({ label: '1:2' });
  await dialog.getByLabel('Expiration').selectOption({ label: '1 hour' });
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Sell' }).click();
  await expect(dialog.getByTestId('review-exposure')).toContainText('$100.00');
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Confirm sell' }).click();
  await expect(page.getByText('Position opened!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = visibleRows(page, 'position-row').filter({ hasText: 'ETH/USD' });
  await expect(row).toContainText('Sell');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /^Close the ETH\/USD position/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Close this position?' });
  await expect(confirm).toContainText('closes now at the current market price');
  await confirm.getByRole('button', { name: 'Close position' }).click();
  await expect(page.getByText(/^Position closed: /)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row.getByTestId('position-result')).toContainText(/Gain|Loss/);
  await expect(row).toContainText('Closed by you');
  const pnl = dollars((await row.getByTestId('position-result').textContent()) ?? '');

  await page.goto('/user');
  await expect(page.getByTestId('equity')).toHaveText(usd(500 + pnl));
});
