import { expect, test } from '@playwright/test';
import { adminHeaders, logInAsAdmin, registerClient } from '../support/accounts.ts';
import { fromOutbox, PHOTO, TEMP_CODE } from '../support/outbox.ts';

test('a locked-out client asks for an unlock, an admin approves, and the emailed code signs them in', async ({
  page,
  browser,
  request,
}) => {
  const client = await registerClient(request);
  await page.goto('/auth/user/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  const password = form.getByLabel('Password', { exact: true });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await password.fill(`wrong-password-${attempt}`);
    await form.getByRole('button', { name: 'Log in' }).click();
    if (attempt < 5)
      await expect(page.getByText(`Attempts remaining before your account is locked: ${5 - attempt}`)).toBeVisible();
  }
  await expect(page.getByText(/Account locked until/)).toBeVisible();

  // Step 1: the photo, from the lock notice.
  await form.getByRole('button', { name: 'Unlock Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock your account' });
  await expect(dialog.getByLabel('Email')).toHaveValue(client.email);
  await dialog.getByRole('button', { name: 'Send unlock request' }).click();
  await expect(dialog.getByText('Please provide email and verification image')).toBeVisible();
  await dialog.getByLabel('Verification photo').setInputFiles(PHOTO);
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send unlock request' }).click();
  await expect(dialog.getByText('Unlock request submitted. Please wait for admin approval.')).toBeVisible();

  // The admin sees the request with its photo and approves it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/unlock-requests');
  const card = admin.getByTestId('unlock-request-card').filter({ hasText: client.email });
  await expect(card.getByText('Account unlock')).toBeVisible();
  await expect(
    card.getByRole('img', { name: `Verification photo of ${client.firstname} ${client.lastname}` }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Request approved and temporary code sent').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // Step 2: the code from the email signs the client in, lock or not.
  const [, code] = await fromOutbox(request, await adminHeaders(request), client.email, TEMP_CODE);
  await dialog.getByRole('button', { name: 'I have a code' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(client.email);
  await dialog.getByLabel('Temporary code').fill(code ?? '');
  await dialog.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page.getByText('Account unlocked successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);

  // The lock is gone: the password works again.
  const res = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  expect(res.status()).toBe(200);
});
