import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { clientId, logInAsAdmin, logInAsClient, registerClient, type TClientAccount } from '../support/accounts.ts';

// Each journey registers a client and signs an admin in before it starts.
test.describe.configure({ timeout: 90_000 });

/** A newly registered client, and the admin, in a browser context of their own, on the client's detail page. */
async function newClientWithAdmin(
  browser: Browser,
  request: APIRequestContext,
): Promise<{ client: TClientAccount; admin: Page }> {
  const client = await registerClient(request);
  const id = await clientId(request, client);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`/admin/client_details/${id}`);
  await expect(admin.getByTestId('client-badges')).toBeVisible();
  return { client, admin };
}

/** Fills the client login form and submits it, without expecting success. */
async function tryClientLogin(page: Page, client: TClientAccount) {
  await page.goto('/auth/user/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('an admin deactivates a client, who can no longer sign in, then activates them again', async ({
  browser,
  page,
  request,
}) => {
  const { client, admin } = await newClientWithAdmin(browser, request);
  const badges = admin.getByTestId('client-badges');
  await expect(badges.getByText('Active', { exact: true })).toBeVisible();

  await admin.getByTestId('action-toggle-active').click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Deactivate this client?' })).toBeVisible();
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(dialog.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(badges.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(admin.getByTestId('action-toggle-active')).toHaveText('Activate');

  await tryClientLogin(page, client);
  await expect(page.getByText('User is not active, contact support for more info')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/user\/login$/);

  await admin.getByTestId('action-toggle-active').click();
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(dialog.getByText('Activated', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(badges.getByText('Active', { exact: true })).toBeVisible();

  await logInAsClient(page, client);
  await admin.context().close();
});

test('an admin turns on the maintenance alert with a message, and the client sees the banner', async ({
  browser,
  page,
  request,
}) => {
  const { client, admin } = await newClientWithAdmin(browser, request);
  const message = `Scheduled maintenance tonight from 22:00 UTC (${Date.now().toString(36)}).`;

  const row = admin.getByTestId('alert-row-maintenance');
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Enable Maintenance' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Message (optional)').fill(message);
  await dialog.getByTestId('alert-submit').click();
  await expect(dialog.getByText('Maintenance mode activated')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await expect(row.getByText(message)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Disable Maintenance' })).toBeVisible();

  await logInAsClient(page, client);
  const banner = page.getByTestId('alert-maintenance');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(message);
  await admin.context().close();
});

test('an admin changes the client’s phone number with Update Info', async ({ browser, request }) => {
  const { client, admin } = await newClientWithAdmin(browser, request);

  await admin.getByTestId('action-update-info').click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByLabel('First name')).toHaveValue(client.firstname);
  await expect(dialog.getByLabel('Country')).toHaveValue(client.country);
  const phone = dialog.getByLabel('Phone number');
  await phone.fill('call me');
  await expect(dialog.getByText('Invalid phone number')).toBeVisible();
  await phone.fill('+49 40 1234 5678');
  await dialog.getByTestId('update-client-submit').click();
  await expect(dialog.getByText('Client updated Successfully')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  // The account card shows the new number (the audit log below names it too).
  await expect(admin.getByRole('definition').filter({ hasText: '+49 40 1234 5678' })).toBeVisible();
  await expect(admin.getByTestId('audit-entry').filter({ hasText: '+49 40 1234 5678' }).first()).toBeVisible();
  await admin.context().close();
});
