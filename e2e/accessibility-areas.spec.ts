import { expect, type Page, test } from '@playwright/test';
import { clientId, logInAsAdmin, logInAsClient, registerClient, signUpClient } from './support/accounts.ts';
import { accessibilityViolationsOfWholePage } from './support/axe.ts';

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
    // Signed up and not verified yet, so every page is walked with the email-verification banner on it.
    const client = await signUpClient(request);
    const id = await clientId(request, client);
    await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
    await logInAsClient(page, client, true);
    await checkPages(page, [
      '/user',
      '/user/balance',
      '/user/transactions',
      '/user/depositmethod',
      '/user/withdrawalmethod',
      '/user/investmentplan',
      '/user/investments',
      '/user/trade-activities',
      '/user/positions',
      '/user/signals',
      '/user/signal-trades',
      `/user/profile/${id}`,
      '/user/change-password',
      '/user/kyc/status',
      '/user/kyc/submit',
      '/user/notifications',
      '/user/security',
    ]);
  });

  test(`the admin area meets WCAG 2.1 AA in the ${theme} theme, as axe checks it`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const client = await registerClient(request);
    const id = await clientId(request, client);
    await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
    await logInAsAdmin(page);
    await checkPages(page, [
      '/admin',
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
