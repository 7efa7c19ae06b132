import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { fromOutbox } from '../support/outbox.ts';
import { letWithdrawalAddressesActivate, postgresAppURL } from '../support/time.ts';
import { openAt, VIEWS } from '../support/views.ts';

// The address book's wait (24 hours by default) can only pass on the PostgreSQL app, where
// e2e/support/time.ts moves it with SQL; that app keeps the default of saved addresses only.
test.use({ baseURL: postgresAppURL, bypassCSP: true });

const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function expectNoAxeViolations(page: Page) {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Opens the Make Withdrawal dialog of USDT (TRC20). */
async function openWithdraw(page: Page) {
  await page.goto('/user/withdrawalmethod');
  await page.getByRole('link', { name: 'Withdraw via USDT (TRC20)' }).click();
  await page.getByTestId('withdrawal-proceed').click();
  return page.getByRole('dialog', { name: 'Make Withdrawal' });
}

test('a client saves an address, waits for it, withdraws to it only then, and removes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  const funded = await request.post(`/api/user/fund/${await clientId(request, client)}`, {
    headers: await adminHeaders(request),
    data: { amount: 300, reason: 'Journey funding' },
  });
  expect(funded.status(), await funded.text()).toBe(200);
  await logInAsClient(page, client, true);

  // From the withdrawal methods to the address book: empty at first.
  await page.goto('/user/withdrawalmethod');
  await page.getByRole('link', { name: 'Withdrawal addresses' }).click();
  await expect(page).toHaveURL(/\/user\/withdrawal-addresses$/);
  await expect(page.getByRole('heading', { name: 'Withdrawal addresses', level: 1 })).toBeVisible();
  await expect(page.getByText('No saved addresses yet')).toBeVisible();
  await expect(page.getByText(/A new address can be used 24 hours after you add it/)).toBeVisible();

  // An address of another network is refused beside the field; the right one is saved, pending.
  const form = page.getByTestId('address-add-form');
  await form.getByLabel('Withdrawal method').selectOption({ label: 'USDT (TRC20)' });
  await form.getByLabel('Label (optional)').fill('Hardware wallet');
  await form.getByLabel('Wallet address').fill(ETH);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByLabel('Wallet address')).toHaveAccessibleDescription(
    'Enter a TRC20 (TRON) address: T followed by 33 letters and digits (no 0, O, I or l)',
  );
  await form.getByLabel('Wallet address').fill(TRON);
  // Before saving, the form says when an address saved now becomes usable: a date and time, a day on.
  const save = form.getByRole('button', { name: 'Save address' });
  await expect(save).toHaveAccessibleDescription(
    /^Saved now, this address can receive withdrawals from \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\./,
  );
  await save.click();
  await expect(page.getByText(/Address saved\. It can be used from/).first()).toBeVisible();
  const row = page.getByTestId('saved-address').filter({ hasText: TRON });
  await expect(row).toContainText('Hardware wallet');
  await expect(row).toContainText(/Usable from/);

  // The client was told at once, with the way to remove it.
  const mail = await fromOutbox(request, await adminHeaders(request), client.email, /open your address book:\s+(\S+)/);
  expect(mail[1]).toMatch(/\/user\/withdrawal-addresses$/);

  // Saving it again is refused with words beside the field.
  await form.getByLabel('Withdrawal method').selectOption({ label: 'USDT (TRC20)' });
  await form.getByLabel('Wallet address').fill(TRON);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByLabel('Wallet address')).toHaveAccessibleDescription(
    'This address is already in your address book for this method',
  );

  // Both screens, pending, at both widths and in both themes; the dashboard says when it becomes usable.
  const usableFrom = (await row.getByText(/Usable from/).innerText()).replace('Usable from ', '');
  for (const view of VIEWS) {
    await openAt(page, view, '/user/withdrawal-addresses');
    await expect(page.getByTestId('saved-address')).toContainText(/Usable from/);
    await expect(page.getByTestId('address-delay-notice')).toBeVisible();
    await expectNoAxeViolations(page);
    await openAt(page, view, '/user');
    const notice = page.getByTestId('pending-addresses-notice');
    await expect(notice).toContainText(`Hardware wallet (USDT (TRC20)): usable from ${usableFrom}`);
    await expect(notice).toBeVisible();
    await expectNoAxeViolations(page);
  }

  // While it waits, the withdraw form has nothing to send to, and says why.
  let modal = await openWithdraw(page);
  await expect(modal.getByText('You have no usable USDT (TRC20) address yet.')).toBeVisible();
  await expect(modal.getByTestId('pending-addresses')).toContainText('Hardware wallet: usable from');
  await expect(modal.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(modal.getByRole('link', { name: 'Add an address' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  // A day later (moved in the database), the address is active.
  expect(await letWithdrawalAddressesActivate(client.email)).toBe(1);
  await page.goto('/user/withdrawal-addresses');
  await expect(row).toContainText('Active');
  await page.goto('/user');
  await expect(page.getByTestId('recent-transactions')).toBeVisible();
  await expect(page.getByTestId('pending-addresses-notice')).toHaveCount(0);
  await page.goto('/user/withdrawal-addresses');

  // The withdrawal picks it from the saved addresses.
  modal = await openWithdraw(page);
  await modal.getByLabel('Amount (USD)').fill('50');
  await modal.getByLabel('Send to').selectOption({ label: `Hardware wallet: ${TRON}` });
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.getByRole('button', { name: 'Send code' }).click();
  const code = await fromOutbox(request, await adminHeaders(request), client.email, /verification code is:\s+(\d{6})/);
  await modal.getByLabel('Verification code').fill(code[1] ?? '');
  await modal.getByRole('button', { name: 'Verify and withdraw' }).click();
  await expect(page.getByText('Withdrawal Initiated').first()).toBeVisible();

  // Removing asks first, then the address is gone at once.
  await page.goto('/user/withdrawal-addresses');
  await row.getByRole('button', { name: 'Remove Hardware wallet' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this address?' });
  await expect(confirm).toContainText(TRON);
  await confirm.getByRole('button', { name: 'Remove address' }).click();
  await expect(page.getByText('Address removed').first()).toBeVisible();
  await expect(page.getByText('No saved addresses yet')).toBeVisible();

  // And the withdraw form has no address left to send to.
  modal = await openWithdraw(page);
  await expect(modal.getByText('You have no usable USDT (TRC20) address yet.')).toBeVisible();
});
