import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders, fundedClient, logInAsAdmin, type TFundedClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { fromOutbox } from '../support/outbox.ts';
import { addStaffMember, logInAsStaff, newStaffMember } from '../support/staff.ts';

// The Admin adds a Finance member, who sets up a second factor at their first sign-in.
test.describe.configure({ timeout: 180_000 });
// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/**
 * A Pending withdrawal of `amount` dollars by `client`, asked through the API with the mailed code
 * (the client's own steps are withdrawal.spec.ts's journey).
 */
async function pendingWithdrawal(request: APIRequestContext, client: TFundedClient, amount: number) {
  const headers = client.bearer;
  const asked = await request.post(`/api/withdrawal-auth/generate-code/${client.id}`, { headers });
  expect(asked.status(), await asked.text()).toBe(200);
  const [, code] = await fromOutbox(request, await adminHeaders(request), client.email, /\b(\d{6})\b/);
  const verified = await request.post(`/api/withdrawal-auth/verify-code/${client.id}`, { headers, data: { code } });
  expect(verified.status(), await verified.text()).toBe(200);
  const methods = (await (await request.get('/api/withdrawalmethod', { headers })).json()) as {
    withdrawalMethods: { id: string; name: string }[];
  };
  const method = methods.withdrawalMethods.find((m) => m.name === 'USDT (TRC20)');
  const res = await request.post('/api/withdrawal', {
    headers,
    data: { amount, address: ADDRESS, withdrawalMethod: method?.id, user: client.id },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a large withdrawal waits for a second staff member: the Admin who completes it cannot approve it, Finance does, and it is paid', async ({
  browser,
  page,
  request,
}) => {
  // $12,000 in two credits, each under the $10,000 four-eyes threshold (docs/money.md, "Four-eyes approval").
  const client = await fundedClient(request, 6000);
  const admin = await adminHeaders(request);
  const more = await request.post(`/api/user/fund/${client.id}`, {
    headers: admin,
    data: { amount: 6000, reason: 'Journey funding' },
  });
  expect((await more.json()).message).toBe('Credit successful');
  // Verified, so the withdrawal limits allow $12,000 in one request.
  expect((await request.post(`/api/client/verify/${client.id}`, { headers: admin })).status()).toBe(200);
  await pendingWithdrawal(request, client, 12_000);

  await logInAsAdmin(page);
  await page.goto('/admin/withdrawals');
  const row = page.getByRole('row').filter({ hasText: client.lastname });
  await expect(row).toContainText('$12,000.00');
  await row.getByTestId('record-status').click();
  await page.getByTestId('status-select').selectOption('Completed');
  await page.getByTestId('status-submit').click();
  await expect(
    page.getByText('Sent for approval: a second staff member must approve it before any money moves').first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Pending');

  // The Admin who asked sees it waiting, without an Approve of their own.
  await page.goto('/admin/approvals');
  const asked = page.getByRole('row').filter({ hasText: client.email });
  await expect(asked).toContainText('Withdrawal');
  await expect(asked).toContainText('$12,000.00');
  await expect(asked.getByTestId('approval-waiting')).toHaveText('Waiting for another staff member');
  await expect(asked.getByTestId('approval-approve')).toHaveCount(0);
  expect(await accessibilityViolations(page), 'approvals queue').toEqual([]);

  const finance = newStaffMember('Fay');
  await addStaffMember(page, finance, 'Finance');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, bypassCSP: true });
  const second = await context.newPage();
  await logInAsStaff(second, finance);
  await second
    .getByRole('navigation')
    .filter({ hasText: 'Clients' })
    .first()
    .getByRole('link', { name: 'Approvals' })
    .click();
  const waiting = second.getByRole('row').filter({ hasText: client.email });
  await waiting.getByTestId('approval-approve').click();
  const dialog = second.getByRole('dialog');
  await expect(dialog).toContainText('$12,000.00');
  await dialog.getByRole('button', { name: 'Approve $12,000.00' }).click();
  await expect(second.getByText('Approved: the money has moved').first()).toBeVisible();
  await expect(second.getByRole('row').filter({ hasText: client.email })).toHaveCount(0);
  await second.getByRole('navigation', { name: 'Approvals by status' }).getByRole('link', { name: 'Approved' }).click();
  await expect(second.getByRole('row').filter({ hasText: client.email })).toContainText(finance.name);
  await context.close();

  // Paid: the withdrawal is Completed and the hold has left the platform.
  await page.goto('/admin/withdrawals');
  await expect(page.getByRole('row').filter({ hasText: client.lastname })).toContainText('Completed');
  const balance = await request.get(`/api/balance/${client.id}`, { headers: client.bearer });
  expect(await balance.json()).toMatchObject({ balance: 0, withdrawalHold: 0, totalWithdrawal: 12_000 });
});
