import { expect, type Page, test } from '@playwright/test';
import { logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

/**
 * The signed-in areas keep to the page's strict CSP (no 'unsafe-eval'): loading the dashboards, the
 * forms that check their fields with the contracts' zod schemas, and the live prices files no CSP
 * violation. zod would otherwise test whether it may compile parsers with `new Function`, which the
 * browser refuses and reports (apps/web/src/lib/zod-without-eval.ts).
 */

/** Every CSP violation the page reports from now on, as the console and the DOM event tell it. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  return violations;
}

/** Scrolls to the bottom of the page in steps, so the sections that load near the screen do. */
async function scrollThrough(page: Page) {
  for (let i = 0; i < 8; i++) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(100);
  }
}

test('the client dashboard and its forms load with no CSP violation', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const client = await registerClient(request);
  await logInAsClient(page, client, true);

  // A full load of the dashboard, as after a reload: the order form (zod schemas) and live prices.
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollThrough(page);
  const order = page.getByTestId('dashboard-open-position');
  await expect(order).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your positions' })).toBeVisible();
  // Submitting the empty form runs its zod schema in the page.
  await order.getByRole('button', { name: 'Buy', exact: true }).click();

  await page.goto('/user/change-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/user/withdrawal-addresses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the admin dashboard and the client list load with no CSP violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await logInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollThrough(page);
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { name: 'Client Management' })).toBeVisible();
  expect(violations).toEqual([]);
});
