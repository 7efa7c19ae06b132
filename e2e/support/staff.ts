import { expect, type Page } from '@playwright/test';
import { adminSecondFactor, originOf, stepNow, totpCode } from './two-factor.ts';

/**
 * Staff members of the journeys (docs/security.md, "Staff roles"): added by the seeded Admin on the
 * Staff page, then signed in through the admin login, where their first sign-in sets up their own
 * second factor on the gate page. Their secret stays here for the journey's later sign-ins.
 */

export interface TStaffMember {
  email: string;
  password: string;
  name: string;
  /** Their authenticator secret, once they enrolled; and the last step they used. */
  secret?: string;
  lastStep?: number;
}

export function newStaffMember(firstname: string): TStaffMember {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `staff.${id}@e2e.meridian.test`, password: 'staff-password-1', name: `${firstname} ${id}` };
}

/**
 * On the Staff page of the signed-in Admin's `page`: adds `member` with `role`, confirming with the
 * Admin's own code (a recovery code when one is left, as the sign-ins do).
 */
export async function addStaffMember(page: Page, member: TStaffMember, role: 'Admin' | 'Support' | 'Finance') {
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: 'Add staff member' }).first().click();
  const dialog = page.getByRole('dialog');
  const [firstname, lastname] = member.name.split(' ');
  await dialog.getByLabel('First name').fill(firstname ?? 'Staff');
  await dialog.getByLabel('Last name').fill(lastname ?? 'Member');
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByLabel('Role').selectOption(role);
  const factor = await adminSecondFactor(await originOf(page.request));
  if (factor.recovery) await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel(factor.recovery ? 'Recovery code' : '6-digit code').fill(factor.code);
  await dialog.getByTestId('add-staff-submit').click();
  await expect(page.getByText('Staff member added').first()).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
}

/** Signs `member` in through the admin login; the first time, sets up their second factor on the gate page. */
export async function logInAsStaff(page: Page, member: TStaffMember) {
  await page.goto('/auth/admin/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (!member.secret) {
    await expect(page).toHaveURL(/\/admin$/);
    const gate = page.getByTestId('admin-two-factor-gate');
    await gate.getByTestId('two-factor-start').click();
    member.secret = ((await gate.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    member.lastStep = stepNow();
    await gate.getByLabel('6-digit code').fill(totpCode(member.secret, member.lastStep));
    await gate.getByRole('button', { name: 'Turn on' }).click();
    await gate.getByLabel('I have saved my recovery codes').check();
    await gate.getByRole('button', { name: 'Continue to the back office' }).click();
  } else {
    // A code of a step the server has not taken from this secret yet.
    const step = Math.max(stepNow(), (member.lastStep ?? 0) + 1);
    if (step > stepNow() + 1) await page.waitForTimeout((step - 1) * 30_000 - Date.now() + 100);
    member.lastStep = step;
    await form.getByLabel('6-digit code').fill(totpCode(member.secret, step));
    await form.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('navigation').filter({ hasText: 'Clients' }).first()).toBeVisible();
}
