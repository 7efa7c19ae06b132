import { expect, test } from '@playwright/test';
import { adminHeaders, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

/** A SHA-256 of nothing: the shape of a TRON transaction hash. */
const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SENDER = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

test('a client who already sent the funds declares at once and adds the hash; the admin checks it and completes the deposit', async ({
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

  // The client has sent the funds already: "I have sent it" ends the 5-minute wait at once.
  await logInAsClient(page, client, true);
  await expect(page.getByTestId('equity')).toHaveText('$0.00');
  await page.getByTestId('account-header').getByRole('link', { name: 'Add Funds' }).click();
  await expect(page.getByRole('heading', { name: 'Deposit Methods' })).toBeVisible();
  await page.getByRole('link', { name: `Deposit with ${methodName}` }).click();
  await expect(page.getByTestId('wallet-address')).toContainText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await expect(page.getByRole('img', { name: `QR code of the ${methodName} wallet address` })).toBeVisible();
  await page.getByTestId('deposit-proceed').click();

  const dialog = page.getByRole('dialog', { name: 'Make Deposit' });
  const submit = dialog.getByTestId('deposit-submit');
  await expect(submit).toHaveText(/^Wait [45]:\d\d$/);
  await expect(submit).toBeDisabled();
  await dialog.getByRole('button', { name: 'I have sent it' }).click();
  await expect(dialog.getByLabel('Amount (USD)')).toBeFocused();
  await expect(submit).toHaveText('Complete Deposit');
  await dialog.getByLabel('Amount (USD)').fill('5');
  await expect(dialog.getByText('Minimum amount is $10.00')).toBeVisible();
  await dialog.getByLabel('Amount (USD)').fill('250.75');
  await submit.click();
  await expect(page.getByText('Deposit Successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/user$/, { timeout: 10_000 });
  await expect(page.getByTestId('recent-transactions')).toContainText('Pending');
  await expect(page.getByTestId('equity')).toHaveText('$0.00');

  // On the deposit's page the client adds the transfer's hash and the address they sent from.
  await page
    .getByTestId('recent-transactions')
    .getByRole('link', { name: /Deposit/ })
    .first()
    .click();
  await expect(page.getByTestId('transaction-amount')).toContainText('$250.75');
  await expect(page.getByTestId('transaction-reference-missing')).toHaveText('Not given yet');
  await page.getByRole('button', { name: 'Add transaction hash' }).click();
  const hashDialog = page.getByRole('dialog', { name: 'Add the transaction hash' });
  await hashDialog.getByLabel('Transaction hash or reference').fill(HASH);
  await hashDialog.getByLabel('Sending address (optional)').fill(SENDER);
  await hashDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction reference saved').first()).toBeVisible();
  await expect(page.getByTestId('transaction-reference')).toHaveText(HASH);
  await expect(page.getByTestId('transaction-sender')).toHaveText(SENDER);

  // The admin sees the hash and the sender, and completes the deposit through a confirmation.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/deposits');
  const row = admin.getByRole('row').filter({ hasText: client.lastname });
  await expect(row).toContainText('$250.75');
  await expect(row.getByTestId('record-reference')).toHaveText(`${HASH.slice(0, 8)}…${HASH.slice(-8)}`);
  await row.getByTestId('record-view').click();
  await expect(admin.getByTestId('overview-reference')).toHaveText(HASH);
  await expect(admin.getByTestId('overview-sender')).toHaveText(SENDER);
  await admin.getByTestId('overview-status').click();
  await admin.getByTestId('status-select').selectOption('Completed');
  await admin.getByTestId('status-submit').click();
  const confirm = admin.getByRole('dialog', { name: 'Complete this deposit?' });
  await expect(confirm).toContainText(
    `Complete the deposit of $250.75 from ${client.firstname} ${client.lastname}? This is final: $250.75 is credited`,
  );
  await confirm.getByRole('button', { name: 'Complete and credit $250.75' }).click();
  await expect(admin.getByText('Deposit Status Updated Successfully').first()).toBeVisible();
  await expect(admin.getByTestId('overview-amount')).toBeVisible();
  await adminContext.close();

  // The client's dashboard now shows the money, and the deposit's hash can no longer be changed.
  await page.goto('/user');
  await expect(page.getByTestId('equity')).toHaveText('$250.75');
  await expect(page.getByTestId('recent-transactions')).toContainText('Completed');
});

test.describe('the deposit dialog on every screen', () => {
  // axe is added to the page as a script, which the app's CSP would refuse.
  test.use({ bypassCSP: true });

  test('the deposit dialog’s buttons stay in view at 1280 × 800 and 375 × 812, in both themes', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const methodName = `USDT (TRC20) view ${Date.now().toString(36).toUpperCase()}`;
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
    const { depositMethod } = (await created.json()) as { depositMethod: { id: string } };
    await logInAsClient(page, await registerClient(request), true);
    for (const view of VIEWS) {
      await openAt(page, view, `/user/depositmethod/${depositMethod.id}`);
      await expect(page.getByRole('img', { name: `QR code of the ${methodName} wallet address` })).toBeVisible();
      await page.getByTestId('deposit-proceed').click();
      const dialog = page.getByRole('dialog', { name: 'Make Deposit' });
      // The body scrolls; Cancel and the submit button stay in the window.
      await expect(dialog.getByTestId('deposit-submit')).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
      await dialog.getByLabel('Amount (USD)').focus();
      await expect(dialog.getByTestId('deposit-submit')).toBeInViewport({ ratio: 1 });
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});
