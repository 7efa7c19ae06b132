import { expect, type Locator, type Page, test } from '@playwright/test';
import { fundedClient, logInAsClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openPositionFor, positionsOf } from '../support/positions.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * A position's life on its own page: opened through the review (whose figures are checked against
 * amount × leverage and the stop-out the server records), found in the positions table with its
 * current and stop-out prices and an Open badge, followed live on its page, closed there, and read
 * after with its exit price, reason and result. Another client's position is not found.
 */
test.use({ bypassCSP: true });

/** Rows as the view shows them: table rows from `lg` up, cards below. */
const visibleRows = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"], [data-testid="${testId}-card"]`).filter({ visible: true });

/** A BTC/USD price as the page writes it in English ("50,123.45") as a number. */
const priceOf = (text: string): number => {
  const match = /(\d[\d,]*\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no price in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
};

/** Dollars of a signed amount as the page writes it ("+$1,234.56", "-$5.00", "$0.00"). */
function dollars(text: string): number {
  const match = /([+-]?)\$([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number((match[2] ?? '').replaceAll(',', ''));
  return match[1] === '-' ? -value : value;
}

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.round(value * 100) / 100);
const price2 = (value: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/**
 * A BTC/USD buy's stop-out at 1:`leverage` from `entry`, worked out here on its own: entry × (1 − 1/leverage),
 * in cents of the price, rounded up (docs/money.md, "Positions").
 */
function buyStopOut(entry: number, leverage: number): number {
  const units = BigInt(Math.round(entry * 100));
  const l = BigInt(leverage);
  return Number((units * (l - 1n) + l - 1n) / l) / 100;
}

interface TApiPosition {
  id: string;
  amount: number;
  leverage: number;
  entryPrice: number;
  stopOutPrice: number | null;
  status: string;
  exitPrice: number | null;
  closeReason: string | null;
  isLoss: boolean;
  profit: number;
  loss: number;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const checkedViews = [VIEWS[2], VIEWS[1]] as const; // 1280 dark, 375 light

for (const view of checkedViews) {
  test(`at ${view.width} px (${view.theme}) a client opens a position through its review, follows it on its page and closes it there`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const trader = await fundedClient(request, 1000);
    await logInAsClient(page, trader, true);
    await openAt(page, view, '/user/positions');
    await expect(page.getByRole('heading', { name: 'Open Positions', level: 1 })).toBeVisible();

    // Open Trade, then its review: $100.00 at 1:5 is $500.00 of exposure, $100.00 at most to lose.
    await page.getByRole('button', { name: 'Open Trade' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Open Trade' });
    await dialog.getByLabel('Trading pair').selectOption('BTC/USD');
    await dialog.getByLabel('Amount (USD)').fill('100');
    await dialog.getByLabel('Leverage').selectOption({ label: '1:5' });
    await dialog.getByLabel('Expiration').selectOption({ label: '4 hours' });
    await dialog.getByRole('button', { name: 'Buy' }).click();
    const review = dialog.getByRole('region', { name: 'Review your position' });
    await expect(review.getByTestId('review-margin')).toHaveText('$100.00');
    await expect(review.getByTestId('review-exposure')).toContainText('$500.00');
    await expect(review.getByTestId('review-max-loss')).toContainText('$100.00');
    await expect(review.getByTestId('review-expires')).toContainText(/\d{1,2}:\d{2}\s?[AP]M/);
    await expect(review.getByTestId('review-expires')).toContainText('4 hours after it opens');
    // The stop-out shown is the one the price shown gives (read together: the price moves).
    const figures = await review.evaluate((element) => ({
      price: element.querySelector('[data-testid="review-price"]')?.textContent ?? '',
      stop: element.querySelector('[data-testid="review-stop-out"]')?.textContent ?? '',
    }));
    const reviewed = priceOf(figures.price);
    expect(priceOf(figures.stop)).toBe(buyStopOut(reviewed, 5));
    expect(figures.stop).toContain('(20%) below the current price');
    expect(await accessibilityViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await review.getByRole('button', { name: 'Confirm buy' }).click();
    await expect(page.getByText('Position opened!')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The toast goes by itself; the pages below are checked without it (the light theme's green toast
    // is the toaster's own colours, not this page's).
    await expect(page.getByText('Position opened!')).toBeHidden({ timeout: 15_000 });

    // What the server recorded: the same terms, and the stop-out of its own entry price.
    const [recorded] = await positionsOf<TApiPosition>(request, trader);
    if (!recorded) throw new Error('no position recorded');
    expect(recorded).toMatchObject({ amount: 100, leverage: 5, status: 'open' });
    expect(recorded.stopOutPrice).toBe(buyStopOut(recorded.entryPrice, 5));
    // Opened within moments of the review, near the price it showed.
    expect(Math.abs(recorded.entryPrice - reviewed) / reviewed).toBeLessThan(0.02);

    // The table: current price, stop-out, an Open badge, P&L still Pending.
    const row = visibleRows(page, 'position-row').filter({ hasText: 'BTC/USD' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('position-stop-out-price')).toHaveText(price2(recorded.stopOutPrice ?? 0));
    await expect(row.getByTestId('position-current-price')).toHaveText(/^[\d,]+\.\d{2}$/);
    await expect(row).toContainText('Open');
    await expect(row).toContainText('Pending');
    await expectNoSidewaysScroll(page);

    // Its page, from Details.
    await row.getByRole('link', { name: /^Details of the BTC\/USD position/ }).click();
    await expect(page).toHaveURL(new RegExp(`/user/positions/${recorded.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Buy BTC/USD at 1:5' })).toBeVisible();
    await expect(page.getByTestId('position-status')).toHaveText('Open');
    await expect(page.getByTestId('position-margin')).toHaveText('$100.00');
    await expect(page.getByTestId('position-exposure')).toContainText('$500.00');
    await expect(page.getByTestId('position-entry')).toContainText(price2(recorded.entryPrice));
    await expect(page.getByTestId('position-stop-out')).toContainText(price2(recorded.stopOutPrice ?? 0));
    await expect(page.getByTestId('position-stop-out')).toContainText(/below the current price/);
    await expect(page.getByTestId('position-current')).toContainText(/[\d,]+\.\d{2}/);
    await expect(page.getByTestId('position-unrealised')).toHaveText(/^[+-]?\$[\d,]+\.\d{2}$/);
    // The countdown runs: under 4 hours, and a second later another figure.
    const countdown = page.getByTestId('position-countdown');
    await expect(countdown).toHaveText(/^Expires in 0[34]:\d{2}:\d{2}$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first ?? '', { timeout: 5_000 });
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Close it there.
    await page.getByRole('button', { name: 'Close position' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close this position?' });
    await confirm.getByRole('button', { name: 'Close position' }).click();
    await expect(page.getByText(/^Position closed: /)).toBeVisible();
    await expect(page.getByTestId('position-status')).toHaveText('Closed');
    const [closed] = await positionsOf<TApiPosition>(request, trader);
    if (!closed) throw new Error('no position');
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'client' });
    const result = closed.isLoss ? -closed.loss : closed.profit;
    await expect(page.getByTestId('position-exit')).toContainText(price2(closed.exitPrice ?? 0));
    await expect(page.getByTestId('position-close-reason')).toHaveText('Closed by you');
    await expect(page.getByTestId('position-result')).toContainText(usd(Math.abs(result)));
    await expect(page.getByTestId('position-result')).toContainText(result < 0 ? 'Loss' : 'Gain');
    expect(dollars((await page.getByTestId('position-result').textContent()) ?? '')).toBe(result);
    await expect(page.getByTestId('position-closed-at')).toContainText(/\d{4}/);
    await expect(page.getByTestId('position-countdown')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close position' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expect(page.getByText(/^Position closed: /)).toBeHidden({ timeout: 15_000 });
    expect(await accessibilityViolations(page)).toEqual([]);

    // Another client reaches the same address: not found, nothing of it shown.
    const other = await fundedClient(request, 10);
    const context = await browser.newContext({ viewport: { width: view.width, height: view.height } });
    const otherPage = await context.newPage();
    await logInAsClient(otherPage, other, true);
    await otherPage.goto(`/user/positions/${recorded.id}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Position not found' })).toBeVisible();
    await expect(otherPage.getByRole('main')).not.toContainText('BTC/USD');
    await context.close();
  });
}

/** The rendered lines of an element's words (its icon aside): one when nothing wrapped. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

for (const view of [VIEWS[2], VIEWS[1]] as const) {
  test(`in Japanese at ${view.width} px (${view.theme}) the positions table's Close, Edit TP/SL and Details stay on one line, and the table fits`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const trader = await fundedClient(request, 500);
    await openPositionFor(request, trader, { asset: 'ETH/USD', amount: '50', leverage: 2 });
    await openPositionFor(request, trader, { asset: 'BTC/USD', amount: '20', leverage: 1, type: 'sell' });
    await logInAsClient(page, trader, true);
    await page.evaluate(() => localStorage.setItem('meridian.lang', 'ja'));
    await openAt(page, view, '/user/positions');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const rows = visibleRows(page, 'position-row');
    await expect(rows).toHaveCount(2);
    for (const [testId, label] of [
      ['position-close', '決済'],
      ['position-edit-levels', 'TP/SLを編集'],
      ['position-details', '詳細'],
    ] as const) {
      const buttons = rows.getByTestId(testId);
      await expect(buttons).toHaveCount(2);
      for (const button of await buttons.all()) {
        await expect(button).toContainText(label);
        expect(await linesOf(button), `${testId} wraps`).toBe(1);
        const box = await button.boundingBox();
        // One line of a small button: 32 px high, wider than high.
        expect(box?.height).toBeLessThanOrEqual(34);
        expect(box?.width ?? 0).toBeGreaterThan(box?.height ?? 0);
      }
    }
    await expect(rows.first()).toContainText('未決済');
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    if (view.width !== 1280) return;
    // Beside the sidebar, the table with its price columns fits in every language.
    for (const language of ['en', 'de', 'es', 'fr', 'it', 'pt', 'ru']) {
      await page.evaluate((value) => localStorage.setItem('meridian.lang', value), language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(visibleRows(page, 'position-row')).toHaveCount(2);
      await expect(page.locator('table')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${language} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}
