import { expect, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

test('a client withdraws with the emailed code, an admin completes it, history and balance agree', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await registerClient(request);
  const funded = await request.post(`/api/user/fund/${await clientId(request, client)}`, {
    headers: await adminHeaders(request),
    data: { amount: 500, reason: 'Journey funding' },
  });
  expect(funded.status(), await funded.text()).toBe(200);

  await page.clock.install();
  await logInAsClient(page, client, true);
  await expect(page.getByTestId('equity')).toHaveText('$500.00');
  await page.getByTestId('account-header').getByRole('link', { name: 'Withdraw' }).click();
  await page.getByRole('link', { name: 'Withdraw via USDT (TRC20)' }).click();
  await page.getByTestId('withdrawal-proceed').click();

  const modal = page.getByRole('dialog', { name: 'Make Withdrawal' });
  await expect(modal.getByTestId('withdrawable')).toContainText('$500.00');
  await modal.getByLabel('Amount (USD)').fill('120');
  // An address of another network (or a typo) is refused next to the field before anything is sent.
  await modal.getByLabel('Wallet address').fill('0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb');
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal.getByLabel('Wallet address')).toHaveAccessibleDescription(
    'Enter a TRC20 (TRON) address: T followed by 33 letters and digits (no 0, O, I or l)',
  );
  await modal.getByLabel('Wallet address').fill('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Verification code sent to your email').first()).toBeVisible();

  // The admin reads the code in the mail outbox.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/outbox');
  const mail = admin.getByTestId('outbox-message').filter({ hasText: client.email }).first();
  await mail.getByRole('button').first().click();
  const text = await mail.getByTestId('outbox-text').innerText();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeTruthy();

  await modal.getByLabel('Verification code').fill(code ?? '');
  await modal.getByRole('button', { name: 'Verify and withdraw' }).click();
  await expect(page.getByText('Withdrawal Initiated').first()).toBeVisible();
  await page.clock.runFor(3_100);
  await expect(page).toHaveURL(/\/user$/);
  // The $120.00 is on its way out: held beside equity, not in it, nor in what may be withdrawn.
  await expect(page.getByTestId('equity')).toHaveText('$380.00');
  await expect(page.getByTestId('withdrawable')).toContainText('$380.00');
  await expect(page.getByTestId('held')).toContainText('$120.00');

  // The admin pays it out.
  await admin.goto('/admin/withdrawals');
  const row = admin.getByRole('row').filter({ hasText: client.lastname });
  await expect(row).toContainText('$120.00');
  await row.getByTestId('record-status').click();
  await admin.getByTestId('status-select').selectOption('Completed');
  await admin.getByTestId('status-submit').click();
  await expect(admin.getByText('Withdrawal Status Updated Successfully').first()).toBeVisible();
  await adminContext.close();

  // History and balance agree: $500 credited, $120 withdrawn and completed, $380 left.
  await page.goto('/user/withdrawals');
  await expect(page.getByRole('main')).toContainText(/[−-]\$120\.00/);
  await expect(page.getByRole('main')).toContainText('Completed');
  await page.goto('/user/balance');
  await page.getByRole('button', { name: 'Show amounts' }).click();
  await expect(page.getByRole('main')).toContainText('$380.00');
  await expect(page.getByRole('main')).toContainText('$120.00');
});
