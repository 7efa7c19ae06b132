import { expect, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

/** The shape of a TRON transaction hash: 64 hexadecimal characters. */
const PAYOUT_HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

test('a client withdraws with the emailed code, an admin completes it with the payout hash the client then reads; history and balance agree', async ({
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
  // The withdrawal limits (docs/money.md, "Withdrawal limits") allow more than the balance: it is what counts.
  await expect(modal.getByRole('region', { name: 'You can withdraw up to $500.00 now' })).toBeVisible();
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
  await expect(row.getByTestId('record-reference-missing')).toHaveText('Not recorded');
  await row.getByTestId('record-status').click();
  await admin.getByTestId('status-select').selectOption('Completed');
  // The payout's hash goes with the decision; a mistyped one is refused beside the field first.
  const payout = admin.getByLabel('Payout hash or reference (optional)');
  await payout.fill(`0x${PAYOUT_HASH}`);
  await admin.getByTestId('status-submit').click();
  await expect(payout).toHaveAccessibleDescription(
    'A transaction hash on this network has 64 hexadecimal characters (0-9, a-f), without 0x',
  );
  await payout.fill(PAYOUT_HASH);
  await admin.getByTestId('status-submit').click();
  await expect(admin.getByText('Withdrawal Status Updated Successfully').first()).toBeVisible();
  await expect(row.getByTestId('record-reference')).toHaveText(`${PAYOUT_HASH.slice(0, 8)}…${PAYOUT_HASH.slice(-8)}`);
  await adminContext.close();

  // History and balance agree: $500 credited, $120 withdrawn and completed, $380 left.
  await page.goto('/user/withdrawals');
  await expect(page.getByRole('main')).toContainText(/[−-]\$120\.00/);
  await expect(page.getByRole('main')).toContainText('Completed');
  // The client reads the payout's hash on the withdrawal, to look it up on the network.
  await page.getByRole('main').locator('a[href^="/user/transaction/"]').first().click();
  await expect(page.getByTestId('transaction-reference')).toHaveText(PAYOUT_HASH);
  await expect(page.getByRole('button', { name: 'Copy payout hash' })).toBeVisible();
  await page.goto('/user/balance');
  await page.getByRole('button', { name: 'Show amounts' }).click();
  await expect(page.getByRole('main')).toContainText('$380.00');
  await expect(page.getByRole('main')).toContainText('$120.00');
});
