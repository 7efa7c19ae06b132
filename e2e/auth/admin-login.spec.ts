import { expect, test } from '@playwright/test';
import { admin, registerClient } from '../support/accounts.ts';
import { ensureAdminEnrolled, withAdminCode } from '../support/two-factor.ts';

test('an admin signs in with the second factor and sees the back office shell', async ({ page }) => {
  const origin = await ensureAdminEnrolled(page.request, admin.email, admin.password);
  await page.goto('/admin/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password', { exact: true }).fill(admin.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The password alone opens nothing: the code of the authenticator app is asked for.
  await withAdminCode(origin, async (code) => {
    await form.getByLabel('6-digit code').fill(code);
    await form.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login successful. Redirecting...')).toBeVisible();
  });
  await expect(page).toHaveURL(/\/admin$/);

  const nav = page.getByRole('navigation').filter({ hasText: 'Management' }).first();
  await expect(nav).toBeVisible();
  for (const section of ['Transactions', 'Trading', 'Configuration', 'Management']) {
    await expect(nav.getByText(section, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(admin.email).first()).toBeVisible();
});

test('a client using the admin login is sent to /unauthorized', async ({ page, request }) => {
  const client = await registerClient(request);
  await page.goto('/auth/admin/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Access Denied')).toBeVisible();
});
