import { expect, test } from '@playwright/test';
import { adminHeaders, registerClient } from '../support/accounts.ts';
import { fromOutbox, PHOTO, TEMP_CODE } from '../support/outbox.ts';

test('forgot password: request with a photo, the admin approves, the temporary code signs in', async ({
  page,
  request,
}) => {
  const client = await registerClient(request);
  await page.goto('/auth/user/login');
  await page.getByRole('main').getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);

  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(client.email);
  await main.getByLabel('Verification photo').setInputFiles(PHOTO);
  await main.getByRole('button', { name: 'Send request' }).click();
  await expect(
    main.getByText('Password reset request submitted! Admin will review and send you a temporary login code.'),
  ).toBeVisible();

  // The admin approves through the API (the admin page has its own journey).
  const headers = await adminHeaders(request);
  const list = (await (await request.get('/api/unlock/requests', { headers })).json()) as {
    requests: Array<{ id: string; kind: string; user: { email: string } }>;
  };
  const mine = list.requests.find((r) => r.user.email === client.email);
  expect(mine?.kind).toBe('password');
  const approved = await request.put(`/api/unlock/approve/${mine?.id}`, { headers });
  expect(approved.status()).toBe(200);

  const [, code] = await fromOutbox(request, await adminHeaders(request), client.email, TEMP_CODE);
  await main.getByRole('button', { name: 'I have a code' }).click();
  await main.getByLabel('Temporary code').fill('WRONG1');
  await main.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(main.getByText('Invalid temporary code')).toBeVisible();
  await main.getByLabel('Temporary code').fill(code ?? '');
  await main.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(main.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
});
