import { expect, type Page, test } from '@playwright/test';
import { logInAsAdmin, newClient, registerClient, type TClientAccount } from '../support/accounts.ts';
import { fillClientForm } from '../support/client-form.ts';

/** Runs a search in the Client Management box and waits for its answer. */
async function searchFor(page: Page, text: string) {
  const search = page.getByRole('search');
  await search.getByLabel('Search clients').fill(text);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('client-search-status')).toHaveText(`Results for “${text}”`);
}

/** The Client Management table row of a client (the table shows on a desktop-width window). */
const rowOf = (page: Page, client: TClientAccount) => page.getByTestId('client-row').filter({ hasText: client.email });

test('an admin adds a client through + New Client, finds them by search and opens View', async ({ page }) => {
  test.setTimeout(90_000);
  const client = newClient();
  await logInAsAdmin(page);

  // The dashboard: five summary cards, Total Clients padded to two digits.
  await expect(page.getByTestId('stat-totalClients-value')).toHaveText(/^\d{2,}$/);
  await expect(page.getByTestId('stat-totalDeposits-value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole('heading', { name: 'Client Management' })).toBeVisible();
  // The charts mount as they come into view, below a page of clients once the platform has them.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));

  await page.getByTestId('new-client').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'New Client' })).toBeVisible();
  // Submitting empty shows the spec's words.
  await dialog.getByTestId('new-client-submit').click();
  await expect(dialog.getByText('Firstname is required')).toBeVisible();
  await expect(dialog.getByText('Phone Number is required')).toBeVisible();
  await expect(dialog.getByText('Residential address is required')).toBeVisible();

  await fillClientForm(dialog, client, 'Residential address');
  await dialog.getByTestId('new-client-submit').click();
  await expect(dialog.getByText('Account created successfully')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });

  // Found by search (the unique last name), with its columns.
  await searchFor(page, client.lastname.toLowerCase());
  const row = rowOf(page, client);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('client-name')).toHaveText(`${client.firstname} ${client.lastname}`);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText(client.phone)).toBeVisible();

  // An unknown text: the empty state; clearing the search shows the full list again.
  await searchFor(page, 'no-such-client-zzz');
  await expect(page.getByText('No clients found')).toBeVisible();
  await page.getByRole('search').getByLabel('Search clients').fill('');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByTestId('client-row').first()).toBeVisible();

  await searchFor(page, client.email);
  await rowOf(page, client)
    .getByRole('link', { name: `View: ${client.firstname} ${client.lastname}` })
    .click();
  await expect(page).toHaveURL(/\/admin\/client_details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `${client.firstname} ${client.lastname}` })).toBeVisible();
});

test('an admin deletes a zero-balance client, who can no longer sign in', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const client = await registerClient(request);
  await logInAsAdmin(page);
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Client Management' })).toBeVisible();

  await searchFor(page, client.email);
  await rowOf(page, client)
    .getByRole('button', { name: `Delete: ${client.firstname} ${client.lastname}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText(
      'Are you sure you want to delete this item? This action is permanent and cannot be undone. All associated data will be permanently removed.',
    ),
  ).toBeVisible();
  await dialog.getByTestId('confirm-dialog-confirm').click();
  // Shown in the dialog and as a toast; the dialog closes about a second later.
  await expect(page.getByText('Client deleted successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText('No clients found')).toBeVisible();

  // The client's sign-in now fails like an unknown email.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await context.newPage();
  await other.goto('/auth/user/login');
  const form = other.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByText('Invalid email or password')).toBeVisible();
  await expect(other).toHaveURL(/\/auth\/user\/login$/);
  await context.close();
});
