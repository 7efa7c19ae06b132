import { expect, test } from '@playwright/test';
import { registerClient } from '../support/accounts.ts';

test('five wrong passwords lock the account, and the right one is then refused too', async ({ page, request }) => {
  const client = await registerClient(request);
  await page.goto('/auth/user/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  const password = form.getByLabel('Password', { exact: true });
  const submit = form.getByRole('button', { name: 'Log in' });

  for (let attempt = 1; attempt <= 4; attempt++) {
    await password.fill(`wrong-password-${attempt}`);
    await submit.click();
    await expect(page.getByText(`Attempts remaining before your account is locked: ${5 - attempt}`)).toBeVisible();
  }
  await password.fill('wrong-password-5');
  await submit.click();
  await expect(page.getByText(/Account locked until/)).toBeVisible();

  // The server keeps the lock: a fresh page and the right password still cannot get in.
  await page.goto('/auth/user/login');
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Account locked until/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/user\/login$/);
});
