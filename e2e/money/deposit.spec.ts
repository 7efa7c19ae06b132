import { expect, test } from '@playwright/test';
import { adminHeaders, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

test('a client deposits, an admin completes it, and the dashboard shows the new balance', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const methodName = `USDT (TRC20) ${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/depositmethod', {
    headers: await adminHeaders(request),
    data: {
      name: methodName,
      value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      description: 'Tether on TRON',
      minAmount: 10,
      maxAmount: 50000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const client = await registerClient(request);

  // The deposit dialog waits 300 s before it lets the client submit; the fake clock skips it.
  await page.clock.install();
  await logInAsClient(page, client, true);
  await expect(page.getByTestId('equity')).toHaveText('$0.00');
  await page.getByTestId('account-header').getByRole('link', { name: 'Add Funds' }).click();
  await expect(page.getByRole('heading', { name: 'Deposit Methods' })).toBeVisible();
  await page.getByRole('link', { name: `Deposit with ${methodName}` }).click();
  await expect(page.getByTestId('wallet-address')).toContainText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await page.getByTestId('deposit-proceed').click();

  const dialog = page.getByRole('dialog', { name: 'Make Deposit' });
  const submit = dialog.getByTestId('deposit-submit');
  await expect(submit).toHaveText('Wait 5:00');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Amount (USD)').fill('5');
  await expect(dialog.getByText('Minimum amount is $10.00')).toBeVisible();
  await dialog.getByLabel('Amount (USD)').fill('250.75');
  await page.clock.runFor(300_500);
  await expect(submit).toHaveText('Complete Deposit');
  await submit.click();
  await expect(page.getByText('Deposit Successfully').first()).toBeVisible();
  await page.clock.runFor(3_100);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('recent-transactions')).toContainText('Pending');
  await expect(page.getByTestId('equity')).toHaveText('$0.00');

  // The admin completes the deposit in the back office.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/deposits');
  const row = admin.getByRole('row').filter({ hasText: client.lastname });
  await expect(row).toContainText('$250.75');
  await row.getByTestId('record-status').click();
  await admin.getByTestId('status-select').selectOption('Completed');
  await admin.getByTestId('status-submit').click();
  await expect(admin.getByText('Deposit Status Updated Successfully').first()).toBeVisible();
  await expect(row).toContainText('Completed');
  await adminContext.close();

  // The client's dashboard now shows the money.
  await page.reload();
  await expect(page.getByTestId('equity')).toHaveText('$250.75');
  await expect(page.getByTestId('recent-transactions')).toContainText('Completed');
});
