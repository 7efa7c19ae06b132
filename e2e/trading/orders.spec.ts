import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fundedClient, logInAsAdmin, logInAsClient, type TFundedClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { e2eSql } from '../support/postgres.ts';
import { postgresAppURL } from '../support/time.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * Pending orders, in real Chromium against the real server: from the dashboard's order form a client
 * is refused a buy limit above the live price (on its field), places one below it (its margin leaves
 * the balance and shows as held for orders), finds it on Orders, changes its price and take-profit,
 * cancels a second order (its margin comes back), and then the market reaches the first one: it
 * moves to History as filled, the bell tells the client, and its position is on the Positions page.
 *
 * On the PostgreSQL app, where the journey moves the order's level just inside the latest stored
 * price (as e2e/support/time.ts does for price alerts); the server's order index takes it at its next
 * sync (every JOBS_INTERVAL_MS) and fills the order on the next tick.
 */
test.use({ baseURL: postgresAppURL, bypassCSP: true });

/** The order index syncs every JOBS_INTERVAL_MS (10 s), the list refreshes every 10 s: room for both and the tick. */
const FILL_TIMEOUT_MS = 45_000;

/** Rows as the view shows them: table rows from `xl` up, cards below. */
const visibleRows = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"], [data-testid="${testId}-card"]`).filter({ visible: true });

/** A BTC/USD price as the page writes it in English ("60,123.45") as a number. */
function priceOf(text: string): number {
  const match = /(\d[\d,]*\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no price in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

/** A BTC/USD price as typed (two decimals) and as the page writes it in English. */
const typed = (value: number) => value.toFixed(2);
const shown = (value: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
const cents = (value: number) => Math.round(value * 100) / 100;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The client's account balance (dollars), as the API answers it. */
async function balanceOf(request: APIRequestContext, trader: TFundedClient): Promise<number> {
  const res = await request.get(`/api/balance/${trader.id}`, { headers: trader.bearer });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { balance: number }).balance;
}

interface TApiOrder {
  id: string;
  status: string;
  price: number;
  takeProfit: number | null;
  positionId: string | null;
}

async function ordersOf(request: APIRequestContext, trader: TFundedClient, state: 'pending' | 'done') {
  const res = await request.get(`/api/orders?state=${state}`, { headers: trader.bearer });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { orders: TApiOrder[] }).orders;
}

/**
 * Lets the market reach one pending order on the e2e PostgreSQL app: its level moves just inside the
 * latest stored price of its pair (0.5 % above it for an order waiting for a fall, below it for one
 * waiting for a rise, to the cent), as if the price had moved past it, and `levels_set_at` to now so
 * the server's order index takes it at its next sync. Only for USD-quoted crypto pairs (two decimals).
 */
async function letPriceReachOrder(orderId: string): Promise<number> {
  const moved = await e2eSql<{ id: string }>(
    `update orders o
        set price = round(((select m.close from market_candles m where m.pair = o.pair order by m.minute desc limit 1)
                           * case when (o.type = 'buy') = (o.kind = 'limit') then 1.005 else 0.995 end)::numeric, 2),
            levels_set_at = now()
      where o.id = $1 and o.status = 'pending'
     returning o.id`,
    [orderId],
  );
  return moved.length;
}

async function openSidebarLink(page: Page, width: number, name: string) {
  // The sidebar is a menu behind a button on a phone.
  if (width < 1024) await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('link', { name, exact: true }).click();
}

// Both widths and both themes: 1280 px in the dark theme, 375 px in the light one.
for (const view of [VIEWS[2], VIEWS[1]] as const) {
  test(`at ${view.width} px (${view.theme}) a client places a buy limit, changes it, cancels another, and the first fills when the price reaches it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const trader = await fundedClient(request, 1000);
    await logInAsClient(page, trader, true);
    await openAt(page, view, '/user');

    // The dashboard's order form (below the fold on a phone: its form comes as it is scrolled to).
    await page.getByTestId('dashboard-open-position').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Open New Position' });
    await expect(form.getByTestId('position-available')).toContainText('$1,000.00');
    await form.getByLabel('Trading pair').selectOption('BTC/USD');
    await expect(form.getByTestId('position-price')).toContainText(/Market price [\d,]+\.\d{2}/);
    const price = priceOf((await form.getByTestId('position-price').textContent()) ?? '');
    await form.getByLabel('Order type').selectOption({ label: 'Limit' });
    const orderPrice = form.getByLabel('Order price');
    await expect(orderPrice).toHaveAccessibleDescription('Buy: below the market price · Sell: above it');
    await form.getByLabel('Amount (USD)').fill('100');
    await form.getByLabel('Leverage').selectOption({ label: '1:10' });
    await form.getByLabel('Expiration').selectOption({ label: 'No expiry' });
    await expect(form.getByLabel('Good until')).toHaveValue('gtc');

    // A buy limit above the price would fill at once: refused on its field, nothing is placed.
    await orderPrice.fill(typed(cents(price * 1.02)));
    await form.getByRole('button', { name: 'Buy limit' }).click();
    await expect(orderPrice).toHaveAccessibleDescription(
      'This order opens when the price falls to its level: choose a level below the current price',
    );
    await expect(orderPrice).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('region', { name: 'Review your order' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the order form with its error').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`form-error-${view.width}-${view.theme}.png`) });

    // Just below the price (far enough that the market's own moves meanwhile do not reach it).
    const level = cents(price * 0.97);
    await orderPrice.fill(typed(level));
    await expect(orderPrice).toHaveAccessibleDescription('Buy: below the market price · Sell: above it');
    await form.getByRole('button', { name: 'Buy limit' }).click();
    const review = form.getByRole('region', { name: 'Review your order' });
    await expect(review.getByTestId('review-order-summary')).toHaveText(
      `Buy limit BTC/USD at ${shown(level)}, margin $100.00, 1:10, good till cancelled`,
    );
    await expect(review.getByTestId('review-price')).toContainText('It triggers when the price falls to it');
    await expect(review.getByTestId('review-good-until')).toContainText('Good till cancelled');
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the order’s review').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`review-${view.width}-${view.theme}.png`) });
    await review.getByRole('button', { name: 'Place buy limit' }).click();
    await expect(page.getByText('Order placed')).toBeVisible();
    await expect(form.getByRole('region', { name: 'Review your order' })).toHaveCount(0);
    await expect(form.getByLabel('Amount (USD)')).toHaveValue('');

    // Its margin left the balance, and equity shows it held for the order.
    await expect.poll(() => balanceOf(request, trader)).toBe(900);
    const [placed] = await ordersOf(request, trader, 'pending');
    if (!placed) throw new Error('no order recorded');
    expect(placed).toMatchObject({ status: 'pending', price: level });
    await page.getByTestId('account-header').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'What makes up equity' }).click();
    await expect(page.getByTestId('part-orders')).toHaveText('Held for pending orders$100.00');
    await expect(page.getByText('Order placed')).toBeHidden({ timeout: 15_000 });

    // Orders, from the sidebar: the order waits, priced live.
    await openSidebarLink(page, view.width, 'Orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pending' })).toHaveAttribute('aria-current', 'page');
    const row = visibleRows(page, 'order-row').filter({ hasText: 'Buy limit' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('order-price')).toContainText(shown(level));
    await expect(row.getByTestId('order-current-price')).toHaveText(/^[\d,]+\.\d{2}$/);
    await expect(row).toContainText('$100.00');
    await expect(row.getByTestId('order-good-until')).toHaveText('Good till cancelled');
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the Orders page').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`orders-${view.width}-${view.theme}.png`) });

    // Edit: a lower price and a take-profit, checked as typed (a price above the market is refused).
    await row.getByRole('button', { name: `Edit the order: Buy limit BTC/USD at ${shown(level)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit order' });
    const dialogPrice = dialog.getByLabel('Order price');
    await expect(dialogPrice).toBeFocused();
    await expect(dialogPrice).toHaveValue(String(level));
    await dialogPrice.fill(typed(cents(price * 1.05)));
    await expect(dialogPrice).toHaveAccessibleDescription(
      'This order opens when the price falls to its level: choose a level below the current price',
    );
    const moved = cents(price * 0.96);
    const takeProfit = cents(price * 1.1);
    await dialogPrice.fill(typed(moved));
    await dialog.getByLabel('Take-profit').fill(typed(takeProfit));
    await expect(dialog.getByLabel('Take-profit')).toHaveAccessibleDescription('Above the order price');
    expect(await accessibilityViolations(page), 'the Edit order dialog').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`edit-${view.width}-${view.theme}.png`) });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Order updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('order-price')).toContainText(shown(moved));
    await expect(row.getByTestId('order-take-profit')).toContainText(shown(takeProfit));
    const [edited] = await ordersOf(request, trader, 'pending');
    expect(edited).toMatchObject({ id: placed.id, price: moved, takeProfit });

    // A second order, placed through the API, is cancelled from the list: its margin comes back.
    const farLevel = cents(price * 0.8);
    const second = await request.post('/api/orders', {
      headers: trader.bearer,
      data: {
        asset: 'BTC/USD',
        amount: '50',
        leverage: 5,
        expiration: null,
        type: 'buy',
        kind: 'limit',
        price: farLevel,
        goodUntil: null,
      },
    });
    expect(second.status(), await second.text()).toBe(201);
    await expect.poll(() => balanceOf(request, trader)).toBe(850);
    await page.reload();
    const secondRow = visibleRows(page, 'order-row').filter({ hasText: shown(farLevel) });
    await expect(secondRow).toHaveCount(1);
    await secondRow.getByRole('button', { name: `Cancel the order: Buy limit BTC/USD at ${shown(farLevel)}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(confirm).toContainText('Its margin of $50.00 goes back to your balance.');
    await expect(confirm.getByRole('button', { name: 'Keep order' })).toBeFocused();
    expect(await accessibilityViolations(page), 'the Cancel order dialog').toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText('Order cancelled')).toBeVisible();
    await expect(secondRow).toHaveCount(0);
    await expect.poll(() => balanceOf(request, trader)).toBe(900);
    await expect(row).toHaveCount(1);

    // The market reaches the first order: it fills, leaves Pending, and History shows it filled.
    expect(await letPriceReachOrder(placed.id)).toBe(1);
    await expect(row).toHaveCount(0, { timeout: FILL_TIMEOUT_MS });
    await expect(page.getByText('No pending orders')).toBeVisible();
    const [filled] = await ordersOf(request, trader, 'done').then((list) => list.filter((o) => o.id === placed.id));
    expect(filled).toMatchObject({ status: 'filled' });
    // Its margin became the position's: the balance stays where it was.
    expect(await balanceOf(request, trader)).toBe(900);
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    const filledRow = visibleRows(page, 'order-row').filter({ hasText: 'Filled' });
    await expect(filledRow).toHaveCount(1);
    await expect(filledRow.getByTestId('order-outcome')).toContainText(/Filled at [\d,]+\.\d{2}/);
    const cancelledRow = visibleRows(page, 'order-row').filter({ hasText: 'Cancelled' });
    await expect(cancelledRow).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'History').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`history-${view.width}-${view.theme}.png`) });

    // The client is told in the bell.
    await page.locator('button[data-testid="notification-bell"]').click();
    await expect(page.getByTestId('notification-menu-item').first()).toContainText('Order filled: BTC/USD');
    await page.keyboard.press('Escape');

    // Its position is on the Positions page, reached from the order.
    await filledRow.getByTestId('order-position-link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Buy BTC/USD at 1:10' })).toBeVisible();
    await expect(page.getByTestId('position-take-profit')).toContainText(shown(takeProfit));
    await openSidebarLink(page, view.width, 'Positions');
    await expect(page.getByRole('heading', { name: 'Open Positions', level: 1 })).toBeVisible();
    await expect(visibleRows(page, 'position-row').filter({ hasText: 'BTC/USD' })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
  });
}

// The other two views: 1280 px in the light theme, 375 px in the dark one.
for (const view of [VIEWS[3], VIEWS[0]] as const) {
  test(`at ${view.width} px (${view.theme}) the desk sees a client's pending order, read only, on Pending Orders`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const trader = await fundedClient(request, 500);
    const placed = await request.post('/api/orders', {
      headers: trader.bearer,
      data: {
        asset: 'ETH/USD',
        amount: '75',
        leverage: 2,
        expiration: 1440,
        type: 'sell',
        kind: 'limit',
        // Far above any price the simulated feed reaches meanwhile: it stays pending.
        price: 1_000_000,
        goodUntil: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    await page.setViewportSize({ width: view.width, height: view.height });
    await logInAsAdmin(page);
    await openAt(page, view, '/admin');
    await openSidebarLink(page, view.width, 'Pending orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Pending Orders' })).toBeVisible();
    const row = visibleRows(page, 'admin-order').filter({ hasText: trader.lastname });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Sell limit');
    await expect(row).toContainText('$75.00');
    await expect(row.getByTestId('order-price')).toContainText('1,000,000.00');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'Pending Orders').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`admin-${view.width}-${view.theme}.png`) });

    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    await expect(visibleRows(page, 'admin-order').filter({ hasText: trader.lastname })).toHaveCount(0);
    expect(await accessibilityViolations(page), 'Pending Orders, History').toEqual([]);
  });
}
