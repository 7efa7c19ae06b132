import { expect, test } from '@playwright/test';
import { clientId, logInAsAdmin, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { addStaffMember, logInAsStaff, newStaffMember } from '../support/staff.ts';

// An Admin adds the member, who then sets up their second factor at their first sign-in.
test.describe.configure({ timeout: 150_000 });
// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

test('an Admin adds a Support member, who reads clients and messages them but cannot move money', async ({
  browser,
  page,
  request,
}) => {
  const client = await registerClient(request);
  const id = await clientId(request, client);
  const support = newStaffMember('Sam');

  await logInAsAdmin(page);
  await addStaffMember(page, support, 'Support');
  const row = page.getByRole('row').filter({ hasText: support.email });
  await expect(row.getByText('Support', { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page), 'staff page').toEqual([]);

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, bypassCSP: true });
  const staff = await context.newPage();
  await logInAsStaff(staff, support);
  const nav = staff.getByRole('navigation').filter({ hasText: 'Clients' }).first();
  await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'KYC review' })).toBeVisible();
  for (const hidden of ['Deposits', 'Withdrawals', 'Staff', 'Approvals']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }

  // The client's page: who they are and a message, none of the balance actions.
  await staff.goto(`/admin/client_details/${id}`);
  await expect(staff.getByTestId('client-badges')).toBeVisible();
  await expect(staff.getByTestId('action-message')).toBeVisible();
  for (const action of ['action-credit', 'action-debit', 'action-profit', 'action-clear', 'action-update-info']) {
    await expect(staff.getByTestId(action)).toHaveCount(0);
  }

  // Typed by address, a money page says it is not theirs (the server refuses its calls: staff.test.ts).
  await staff.goto('/admin/deposits');
  await expect(staff.getByRole('heading', { name: 'Your role does not allow this' })).toBeVisible();
  expect(await accessibilityViolations(staff), 'refused page').toEqual([]);
  await context.close();
});
