import { expect, type Page, test } from '@playwright/test';
import { fundedClient, logInAsAdmin, logInAsClient, signUpClient } from './support/accounts.ts';
import { accessibilityViolationsOfWholePage } from './support/axe.ts';
import { openPositionFor } from './support/positions.ts';

test.use({ bypassCSP: true });

async function checkPages(page: Page, paths: string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // One title a screen reader can jump to on every page.
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
    const violations = await accessibilityViolationsOfWholePage(page);
    if (violations.length > 0) found[path] = violations;
  }
  expect(found).toEqual({});
}

for (const theme of ['dark', 'light'] as const) {
  test(`the client area meets WCAG 2.1 AA in the ${theme} theme, as axe checks it`, async ({ page, request }) => {
    test.setTimeout(180_000);
    // Funded, with an open position: the dashboard, the positions table and the position's page show data.
    const client = await fundedClient(request, 500);
    const { id } = client;
    const positionId = await openPositionFor(request, client);
    await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
    await logInAsClient(page, client, true);
    await checkPages(page, [
      '/user',
      '/user/balance',
      '/user/transactions',
      '/user/depositmethod',
      '/user/deposit',
      '/user/deposit-process',
      '/user/withdrawalmethod',
      '/user/investmentplan',
      '/user/investments',
      '/user/trade-activities',
      '/user/positions',
      `/user/positions/${positionId}`,
      '/user/alerts',
      '/user/signals',
      '/user/signal-trades',
      `/user/profile/${id}`,
      '/user/change-password',
      '/user/kyc/status',
      '/user/kyc/submit',
      '/user/notifications',
      '/user/security',
    ]);
    // A client who has not verified their email yet reads the banner that says so on every page.
    await page.context().clearCookies();
    await logInAsClient(page, await signUpClient(request), true);
    await expect(page.getByTestId('email-verification-banner')).toBeVisible();
    await checkPages(page, ['/user', '/user/depositmethod']);
  });

  test(`the admin area meets WCAG 2.1 AA in the ${theme} theme, as axe checks it`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const client = await fundedClient(request, 500);
    const { id } = client;
    const positionId = await openPositionFor(request, client);
    await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
    await logInAsAdmin(page);
    await checkPages(page, [
      '/admin',
      '/admin/charts',
      '/admin/clients',
      `/admin/client_details/${id}`,
      '/admin/transactions',
      '/admin/depositmethods',
      '/admin/withdrawalmethods',
      '/admin/investmentplans',
      '/admin/investments',
      '/admin/trades',
      '/admin/trades/due',
      '/admin/trades/rejected',
      '/admin/position-order',
      `/admin/position-order/${positionId}`,
      '/admin/plan-upgrades',
      '/admin/kyc/review',
      '/admin/kyc/all',
      '/admin/unlock-requests',
      '/admin/create-signal',
      '/admin/signal-list',
      '/admin/message-requests',
      '/admin/audit',
      '/admin/outbox',
      '/admin/change-password',
      '/admin/security',
    ]);
  });
}
