import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { fundedClient, logInAsAdmin, logInAsClient, type TFundedClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openPositionFor } from '../support/positions.ts';

/**
 * Position Management: an admin watches every client's positions and closes one at market with a
 * reason (in place of "Mark as loss", docs/deviations.md); the result is what the market gives, the
 * row then reads "Closed" or "Already Loss", and the client sees the position closed with the reason.
 */
test.use({ bypassCSP: true });

/** The client's position as the API now answers it. */
async function positionOf(request: APIRequestContext, trader: TFundedClient) {
  const res = await request.get(`/api/position/user/${trader.id}`, { headers: trader.bearer });
  expect(res.status(), await res.text()).toBe(200);
  const { positions } = (await res.json()) as {
    positions: { id: string; status: string; isLoss: boolean; profit: number; loss: number; closeNote: string }[];
  };
  const [position] = positions;
  expect(position).toBeDefined();
  return position as NonNullable<typeof position>;
}

/** Rows as the view shows them: table rows from `xl` up, cards below. */
const visibleRows = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"], [data-testid="${testId}-card"]`).filter({ visible: true });

/** The trader's row of Position Management, looked for page by page (other journeys add positions too). */
async function rowOf(page: Page, trader: TFundedClient): Promise<Locator> {
  for (let pageNo = 1; pageNo <= 10; pageNo++) {
    await page.goto(pageNo === 1 ? '/admin/position-order' : `/admin/position-order?page=${pageNo}`);
    await expect(page.getByRole('heading', { name: 'Position Management' })).toBeVisible();
    await expect(visibleRows(page, 'admin-position').first()).toBeVisible();
    const row = visibleRows(page, 'admin-position').filter({ hasText: trader.lastname });
    if ((await row.count()) > 0) return row;
    if (
      await page
        .getByTestId('pager-next')
        .isDisabled()
        .catch(() => true)
    )
      break;
  }
  throw new Error(`no position of ${trader.email} in Position Management`);
}

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.round(value * 100) / 100);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280] as const) {
  test(`at ${width} px an admin closes a client's position at market with a reason, and the client sees it closed`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const trader = await fundedClient(request, 1000);
    const positionId = await openPositionFor(request, trader);

    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // Both themes with data on screen: the phone in the light one, the desktop in the dark one (axe checks both).
    await page.addInitScript(
      (theme) => localStorage.setItem('meridian.theme', theme),
      width === 375 ? 'light' : 'dark',
    );
    await logInAsAdmin(page);
    let row = await rowOf(page, trader);
    await expect(row).toContainText('BTC/USD');
    await expect(row).toContainText('1:10');
    await expect(row).toContainText('$100.00');
    await expect(row).toContainText('Open');
    await expect(row.getByTestId('position-pnl')).toContainText(/[+-]?\$[\d,]+\.\d{2}\s*Unrealised \(live\)/);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /Close at market/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Close the BTC/USD position at market' });
    await expect(dialog.getByTestId('close-current-price')).toHaveText(/^[\d,]+\.\d{2}$/);
    await dialog.getByRole('button', { name: 'Close at market' }).click();
    const reason = dialog.getByLabel('Reason for closing');
    await expect(reason).toHaveAccessibleDescription('Please give a reason for closing this position');
    expect(await accessibilityViolations(page)).toEqual([]);
    await reason.fill('Closed on the client’s request by phone');
    await dialog.getByRole('button', { name: 'Close at market' }).click();
    await expect(page.getByText('Position closed at market').first()).toBeVisible();
    // The dialog closes by itself after 2 seconds.
    await expect(dialog).toBeHidden({ timeout: 10_000 });

    const closed = await positionOf(request, trader);
    expect(closed.status).toBe('closed');
    expect(closed.closeNote).toBe('Closed on the client’s request by phone');
    const result = closed.isLoss ? -closed.loss : closed.profit;
    row = visibleRows(page, 'admin-position').filter({ hasText: trader.lastname });
    await expect(row).toContainText('Closed at market by an admin');
    await expect(row).toContainText('Closed on the client’s request by phone');
    await expect(row.getByTestId('position-pnl')).toContainText('Realised');
    const done = row.getByTestId('position-done');
    await expect(done).toBeDisabled();
    await expect(done).toContainText(closed.isLoss ? 'Already Loss' : 'Closed');
    await expect(row.getByRole('button', { name: /Close at market/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The client: the position is closed with the team's reason, and equity holds the result.
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
    const clientPage = await context.newPage();
    await logInAsClient(clientPage, trader, true);
    await expect(clientPage.getByTestId('equity')).toHaveText(usd(1000 + result));
    await clientPage.goto('/user/positions');
    const mine = visibleRows(clientPage, 'position-row').first();
    await expect(mine).toContainText('Closed at market by our team');
    await expect(mine).toContainText('Closed on the client’s request by phone');
    await expect(mine.getByTestId('position-close')).toHaveCount(0);
    await context.close();

    // The position's own page, from its pair: the client, the exit price, the reason and the result.
    await visibleRows(page, 'admin-position')
      .filter({ hasText: trader.lastname })
      .getByRole('link', { name: /^Details of the BTC\/USD position/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/position-order/${positionId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Buy BTC/USD at 1:10' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(trader.lastname);
    await expect(page.getByTestId('position-close-reason')).toContainText('Closed at market by an admin');
    await expect(page.getByTestId('position-close-reason')).toContainText('Closed on the client’s request by phone');
    await expect(page.getByTestId('position-exit')).toContainText(/[\d,]+\.\d{2}/);
    await expect(page.getByTestId('position-result')).toContainText(usd(Math.abs(result)));
    await expect(page.getByRole('button', { name: 'Close at market' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    // Checked once the close's toast has gone (its light-theme colours are the toaster's own).
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
