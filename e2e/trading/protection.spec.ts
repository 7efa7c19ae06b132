import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fundedClient, logInAsClient, type TFundedClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { letPriceReachTakeProfit, postgresAppURL } from '../support/time.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * Take-profit and stop-loss, in real Chromium against the real server: a client opens a buy with no
 * expiry from the dashboard's Open New Position with both levels (a stop-loss on the wrong side of
 * the price is refused on its field first), reads them in the review with what each would make,
 * finds them on the Positions page, moves the stop-loss from the list, and then the price reaches
 * the take-profit: the position closes with that reason and the client is told in the bell.
 *
 * On the PostgreSQL app, where the journey moves the take-profit to a level the price has already
 * passed (e2e/support/time.ts); the server's exit index takes it at its next sync and closes the
 * position on the next tick.
 */
test.use({ baseURL: postgresAppURL, bypassCSP: true });

/** The exit index syncs every JOBS_INTERVAL_MS (10 s), the list refreshes every 10 s: room for both. */
const CLOSE_TIMEOUT_MS = 45_000;

/** Rows as the view shows them: table rows from `lg` up, cards below. */
const visibleRows = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"], [data-testid="${testId}-card"]`).filter({ visible: true });

/** A BTC/USD price as the page writes it in English ("50,123.45") as a number. */
function priceOf(text: string): number {
  const match = /(\d[\d,]*\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no price in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

/** A BTC/USD price as typed (two decimals) and as the page writes it in English. */
const typed = (value: number) => value.toFixed(2);
const shown = (value: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

interface TApiPosition {
  id: string;
  status: string;
  expiration: number | null;
  expiresAt: string | null;
  takeProfit: number | null;
  stopLoss: number | null;
  closeReason: string | null;
}

async function positionsOf(request: APIRequestContext, trader: TFundedClient): Promise<TApiPosition[]> {
  const res = await request.get(`/api/position/user/${trader.id}`, { headers: trader.bearer });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { positions: TApiPosition[] }).positions;
}

// Both widths and both themes: 1280 px in the dark theme, 375 px in the light one.
for (const view of [VIEWS[2], VIEWS[1]] as const) {
  test(`at ${view.width} px (${view.theme}) a client opens a buy with a take-profit and a stop-loss, moves the stop-loss, and the take-profit closes it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const trader = await fundedClient(request, 1000);
    await logInAsClient(page, trader, true);
    await openAt(page, view, '/user');

    // Open New Position on the dashboard (below the fold on a phone: its form comes as it is scrolled to).
    await page.getByTestId('dashboard-open-position').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Open New Position' });
    await expect(form.getByTestId('position-available')).toContainText('$1,000.00');
    await form.getByLabel('Trading pair').selectOption('BTC/USD');
    await expect(form.getByTestId('position-price')).toContainText(/Market price [\d,]+\.\d{2}/);
    const price = priceOf((await form.getByTestId('position-price').textContent()) ?? '');
    await form.getByLabel('Amount (USD)').fill('100');
    await form.getByLabel('Leverage').selectOption({ label: '1:5' });
    await form.getByLabel('Expiration').selectOption({ label: 'No expiry' });
    const takeProfitField = form.getByLabel('Take-profit (optional)');
    const stopLossField = form.getByLabel('Stop-loss (optional)');
    await expect(takeProfitField).toHaveAccessibleDescription('Buy: above the market price · Sell: below it');
    await expect(stopLossField).toHaveAccessibleDescription('Buy: below the market price · Sell: above it');
    // Far enough from the price that its moves in the meantime change nothing (the stop-out of a
    // buy at 1:5 is 20 % below).
    const takeProfit = Math.round(price * 105) / 100;
    const stopLoss = Math.round(price * 97) / 100;
    await takeProfitField.fill(typed(takeProfit));
    // A stop-loss above the price of a buy would close it at once: refused on the field, nothing opens.
    await stopLossField.fill(typed(Math.round(price * 102) / 100));
    await form.getByRole('button', { name: 'Buy' }).click();
    await expect(stopLossField).toHaveAccessibleDescription('For a buy, the stop-loss must be below the current price');
    await expect(stopLossField).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('region', { name: 'Review your position' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the form with its error').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`form-error-${view.width}-${view.theme}.png`) });

    // Put right, it is checked again as it is typed (the side is known now), and the review follows.
    await stopLossField.fill(typed(stopLoss));
    await expect(stopLossField).toHaveAccessibleDescription('Buy: below the market price · Sell: above it');
    await form.getByRole('button', { name: 'Buy' }).click();
    const review = form.getByRole('region', { name: 'Review your position' });
    await expect(review.getByTestId('review-take-profit')).toContainText(shown(takeProfit));
    // About +5 % × 5 of $100 at the take-profit, −3 % × 5 at the stop-loss.
    await expect(review.getByTestId('review-take-profit')).toContainText(/\+\$2\d\.\d{2} if reached/);
    await expect(review.getByTestId('review-stop-loss')).toContainText(shown(stopLoss));
    await expect(review.getByTestId('review-stop-loss')).toContainText(/-\$1\d\.\d{2} if reached/);
    await expect(review.getByTestId('review-expires')).toContainText('No expiry');
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the review').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`review-${view.width}-${view.theme}.png`) });
    await review.getByRole('button', { name: 'Confirm buy' }).click();
    await expect(page.getByText('Position opened!')).toBeVisible();
    await expect(page.getByText('Position opened!')).toBeHidden({ timeout: 15_000 });

    // What the server recorded.
    const [recorded] = await positionsOf(request, trader);
    if (!recorded) throw new Error('no position recorded');
    expect(recorded).toMatchObject({ status: 'open', takeProfit, stopLoss, expiration: null, expiresAt: null });

    // The Positions page lists it with its levels and no expiry.
    await page.goto('/user/positions');
    await expect(page.getByRole('heading', { name: 'Open Positions', level: 1 })).toBeVisible();
    const row = visibleRows(page, 'position-row').filter({ hasText: 'BTC/USD' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('level-take-profit')).toContainText(shown(takeProfit));
    await expect(row.getByTestId('level-stop-loss')).toContainText(shown(stopLoss));
    await expect(row.getByTestId('position-expiry')).toHaveText('No expiry');
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the positions page').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`positions-${view.width}-${view.theme}.png`) });

    // Edit TP/SL from the list: the dialog holds both levels and the live price; the stop-loss moves.
    await row.getByRole('button', { name: /^Edit TP\/SL of the BTC\/USD position/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Take-profit and stop-loss' });
    const dialogTakeProfit = dialog.getByLabel('Take-profit');
    const dialogStopLoss = dialog.getByLabel('Stop-loss');
    await expect(dialogTakeProfit).toBeFocused();
    await expect(dialogTakeProfit).toHaveValue(String(takeProfit));
    await expect(dialogStopLoss).toHaveValue(String(stopLoss));
    await expect(dialog.getByTestId('protection-current-price')).toHaveText(/^[\d,]+\.\d{2}$/);
    await expect(dialogStopLoss).toHaveAccessibleDescription(/^Below the current price, above the stop-out · -\$/);
    const movedStopLoss = Math.round(price * 95) / 100;
    await dialogStopLoss.fill(typed(movedStopLoss));
    await expect(dialogStopLoss).toHaveAccessibleDescription(/^Below the current price, above the stop-out · -\$2\d\./);
    expect(await accessibilityViolations(page), 'the Edit TP/SL dialog').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`edit-dialog-${view.width}-${view.theme}.png`) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Take-profit and stop-loss saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('level-stop-loss')).toContainText(shown(movedStopLoss));
    await expect(row.getByTestId('level-take-profit')).toContainText(shown(takeProfit));
    const [edited] = await positionsOf(request, trader);
    expect(edited).toMatchObject({ status: 'open', takeProfit, stopLoss: movedStopLoss });
    await expect(page.getByText('Take-profit and stop-loss saved')).toBeHidden({ timeout: 15_000 });

    // Its own page: both levels with what each would make, no expiry, and Edit TP/SL beside Close.
    await row.getByRole('link', { name: /^Details of the BTC\/USD position/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Buy BTC/USD at 1:5' })).toBeVisible();
    await expect(page.getByTestId('position-take-profit')).toContainText(shown(takeProfit));
    await expect(page.getByTestId('position-take-profit')).toContainText(/\+\$\d+\.\d{2} if reached/);
    await expect(page.getByTestId('position-stop-loss')).toContainText(shown(movedStopLoss));
    await expect(page.getByTestId('position-expires')).toContainText('No expiry');
    await expect(page.getByTestId('position-countdown')).toHaveText('No expiry');
    await expect(page.getByRole('button', { name: 'Edit TP/SL' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the position’s page').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`detail-${view.width}-${view.theme}.png`) });
    await page.goBack();
    await expect(row).toHaveCount(1);

    // The price reaches the take-profit: the server closes it with that reason, and the list shows it.
    expect(await letPriceReachTakeProfit(trader.email)).toBe(1);
    await expect(row.getByTestId('position-result')).toContainText(/Gain|Loss/, { timeout: CLOSE_TIMEOUT_MS });
    await expect(row).toContainText('Take-profit reached');
    await expect(row.getByRole('button', { name: /^Edit TP\/SL/ })).toHaveCount(0);
    const [closed] = await positionsOf(request, trader);
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the positions page, closed').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`closed-${view.width}-${view.theme}.png`) });

    // The client is told: in the bell, and on the notifications page.
    await page.locator('button[data-testid="notification-bell"]').click();
    const menu = page.getByTestId('notification-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId('notification-menu-item').first()).toContainText('Take-profit reached');
    await page.keyboard.press('Escape');
    await page.goto('/user/notifications');
    const notice = page.getByTestId('notification-item').first();
    await expect(notice.getByRole('heading', { name: 'Take-profit reached' })).toBeVisible();
    await expect(notice.getByTestId('notification-text')).toContainText('BTC/USD');
    await expect(notice.getByTestId('notification-text')).toContainText('reached its take-profit');
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the notifications page').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`notifications-${view.width}-${view.theme}.png`) });
  });
}
