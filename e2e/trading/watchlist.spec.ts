import { expect, type Page, test } from '@playwright/test';
import { fundedClient, logInAsClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * The dashboard's watchlist, in real Chromium against the real server: a new client finds the
 * default pairs priced live, adds one, moves it to the top by keyboard, removes another, and finds
 * the list as they left it after a reload. Axe finds nothing on the list in either theme.
 */
test.use({ bypassCSP: true });

const pairsShown = (page: Page) =>
  page.getByTestId('watchlist-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-pair')));

// Both widths and both themes: 375 px in the dark theme, 1280 px in the light one.
for (const view of [VIEWS[0], VIEWS[3]] as const) {
  test(`at ${view.width} px (${view.theme}) a client keeps a watchlist of pairs on their dashboard`, async ({
    page,
    request,
  }) => {
    const client = await fundedClient(request, 10);
    await logInAsClient(page, client, true);
    await openAt(page, view, '/user');

    const list = page.getByRole('region', { name: 'Watchlist' });
    await list.scrollIntoViewIfNeeded();
    await expect.poll(() => pairsShown(page)).toEqual(['BTC/USD', 'ETH/USD', 'EUR/USD']);
    // Priced live from the stream.
    await expect(list.getByTestId('watchlist-bid').first()).toHaveText(/^[\d,]+\.\d{2}$/);

    await list.getByLabel('Add a pair').selectOption('SOL/USD');
    await list.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => pairsShown(page)).toEqual(['BTC/USD', 'ETH/USD', 'EUR/USD', 'SOL/USD']);

    // To the top by keyboard: the focus follows the pair it moves.
    await list.getByRole('button', { name: 'Move SOL/USD up' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
    await expect.poll(() => pairsShown(page)).toEqual(['SOL/USD', 'BTC/USD', 'ETH/USD', 'EUR/USD']);
    await expect(list.getByRole('button', { name: 'Move SOL/USD down' })).toBeFocused();

    await list.getByRole('button', { name: 'Remove ETH/USD from the watchlist' }).click();
    await expect.poll(() => pairsShown(page)).toEqual(['SOL/USD', 'BTC/USD', 'EUR/USD']);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Kept by the server: the same after a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Watchlist' }).scrollIntoViewIfNeeded();
    await expect.poll(() => pairsShown(page)).toEqual(['SOL/USD', 'BTC/USD', 'EUR/USD']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
