import { expect, test } from '@playwright/test';
import { logInAsClient, registerClient } from '../support/accounts.ts';

test('a signed-in client opening /admin lands on /unauthorized', async ({ page, request }) => {
  const client = await registerClient(request);
  await logInAsClient(page, client, true);
  // A full page load: "remember me" restores the session from the refresh cookie first.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Access Denied')).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an anonymous visitor is sent to log in and then back where they were going', async ({ page, request }) => {
  const client = await registerClient(request);
  await page.goto('/user/balance');
  await expect(page).toHaveURL(/\/auth\/user\/login$/);
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/balance$/);
});

test('an unknown path shows Page Not Found with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found')).toBeVisible();
});
