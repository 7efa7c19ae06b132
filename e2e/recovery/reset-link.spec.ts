import { expect, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsClient, registerClient } from '../support/accounts.ts';
import { fromOutbox, RESET_LINK } from '../support/outbox.ts';

test('an admin emails a reset link; the client sets a new password with it, once', async ({ page, request }) => {
  const client = await registerClient(request);
  const id = await clientId(request, client);
  const sent = await request.post(`/api/client/${id}/password-reset`, { headers: await adminHeaders(request) });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toEqual({ message: 'Password reset link sent' });

  const [, link] = await fromOutbox(request, await adminHeaders(request), client.email, RESET_LINK);
  const url = new URL(link ?? '');
  await page.goto(`${url.pathname}${url.search}`);
  const main = page.getByRole('main');
  await main.getByLabel('New password', { exact: true }).fill('a-fresh-password-2');
  await main.getByLabel('Confirm new password').fill('a-fresh-password-3');
  await expect(main.getByText('The passwords do not match')).toBeVisible();
  await main.getByLabel('Confirm new password').fill('a-fresh-password-2');
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(main.getByText('Password reset successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/user\/login$/);

  await logInAsClient(page, { email: client.email, password: 'a-fresh-password-2' });

  // The same link again is refused.
  await page.goto(`${url.pathname}${url.search}`);
  await main.getByLabel('New password', { exact: true }).fill('another-password-4');
  await main.getByLabel('Confirm new password').fill('another-password-4');
  await main.getByRole('button', { name: 'Reset password' }).click();
  await expect(main.getByText('This password reset link is invalid or has already been used')).toBeVisible();

  // Without a token the page says what it needs.
  await page.goto('/reset-password');
  await expect(main.getByText('This page needs the link from your email')).toBeVisible();
});
