import { expect, type Page, test } from '@playwright/test';
import { fundedClient, logInAsClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { letPriceReachAlerts, postgresAppURL } from '../support/time.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * Price alerts, in real Chromium against the real server: a client opens Price alerts from the
 * sidebar, is refused a level the price has already passed, sets one above the price, then the
 * market reaches it: the list shows it reached and the bell tells them. On the PostgreSQL app, where
 * the journey moves the alert's level just inside the latest price (e2e/support/time.ts); the
 * server's alert index takes it at its next rebuild and fires on the next tick.
 */
test.use({ baseURL: postgresAppURL, bypassCSP: true });

/** The alert index is rebuilt every JOBS_INTERVAL_MS (10 s): room for it and the next tick. */
const FIRE_TIMEOUT_MS = 40_000;

/** A BTC/USD price as the page writes it in English ("60,123.45") as a number. */
function priceOf(text: string): number {
  const match = /(\d[\d,]*\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no price in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

async function goToAlerts(page: Page, width: number) {
  // The sidebar is a menu behind a button on a phone.
  if (width < 1024) await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('link', { name: 'Price alerts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Price alerts' })).toBeVisible();
}

// Both widths and both themes: 375 px in the light theme, 1280 px in the dark one.
for (const view of [VIEWS[1], VIEWS[2]] as const) {
  test(`at ${view.width} px (${view.theme}) a client sets a price alert and is told when the price reaches it`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const client = await fundedClient(request, 10);
    await logInAsClient(page, client, true);
    await openAt(page, view, '/user');
    await goToAlerts(page, view.width);
    await expect(page.getByText('No alerts yet')).toBeVisible();

    const form = page.getByTestId('alert-form');
    await form.getByLabel('Trading pair').selectOption('BTC/USD');
    await expect(form.getByTestId('alert-live-price')).toContainText(/Price now [\d,]+\.\d{2}/);
    const price = priceOf((await form.getByTestId('alert-live-price').textContent()) ?? '');
    await form.getByLabel('When the price').selectOption({ label: 'Rises to' });
    // Below the price: it would fire at once.
    await form.getByLabel('To the price').fill((price * 0.9).toFixed(2));
    await form.getByRole('button', { name: 'Set alert' }).click();
    await expect(form.getByText('The price is already at or above this level: choose a higher one')).toBeVisible();
    const level = (price * 1.05).toFixed(2);
    await form.getByLabel('To the price').fill(level);
    await form.getByRole('button', { name: 'Set alert' }).click();
    await expect(page.getByText('Alert set')).toBeVisible();
    const row = page.getByTestId('alert-row').first();
    await expect(row).toContainText(`rises to ${Number(level).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await expect(row).toHaveAttribute('data-status', 'active');
    expect(await accessibilityViolations(page), 'the Price alerts page').toEqual([]);

    // The market gets there: the list shows it reached, the bell tells the client.
    expect(await letPriceReachAlerts(client.email)).toBe(1);
    await expect(row).toHaveAttribute('data-status', 'triggered', { timeout: FIRE_TIMEOUT_MS });
    await expect(row.getByTestId('alert-reached')).toContainText(/Reached at [\d,]+\.\d{2} on/);
    await page.locator('button[data-testid="notification-bell"]').click();
    await expect(page.getByTestId('notification-menu-item').first()).toContainText('Price alert: BTC/USD');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: /Delete the alert: BTC\/USD rises to/ }).click();
    await expect(page.getByText('No alerts yet')).toBeVisible();
    expect(await accessibilityViolations(page), 'the emptied page').toEqual([]);
  });
}
