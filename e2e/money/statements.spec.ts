import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

test.use({ bypassCSP: true });

/** Submits the open statement dialog and answers the saved file's name and bytes. */
async function downloadFrom(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const dialog = page.getByRole('dialog', { name: 'Download statement' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('statement-submit').click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('a client downloads their statement as CSV and PDF; an admin downloads it for the client', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  const id = await clientId(request, client);
  const funded = await request.post(`/api/user/fund/${id}`, {
    headers: await adminHeaders(request),
    data: { amount: 1500.25, reason: 'Welcome, "statement" journey' },
  });
  expect(funded.status(), await funded.text()).toBe(200);

  await logInAsClient(page, client, true);
  for (const view of VIEWS) {
    await openAt(page, view, '/user/transactions');
    await page.getByTestId('statement-open').click();
    const dialog = page.getByRole('dialog', { name: 'Download statement' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Period')).toBeFocused();
    expect(await accessibilityViolations(page), `${view.width}px ${view.theme}`).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('statement-open')).toBeFocused();
  }

  // This month as CSV: a BOM, the English header, the credit with its quoted reason.
  await page.getByTestId('statement-open').click();
  const dialog = page.getByRole('dialog', { name: 'Download statement' });
  await dialog.getByLabel('Format').selectOption('csv');
  const csv = await downloadFrom(page);
  expect(csv.name).toMatch(/^statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.bytes.subarray(3).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('Account,Entry,Date (UTC),Description,Amount (USD),Balance (USD),Transaction ID');
  expect(text).toContain('Account balance,Movement,');
  expect(text).toContain(',"Credit: Welcome, ""statement"" journey",1500.25,1500.25,');
  expect(text).toContain('Account balance,Closing balance,');
  await expect(dialog.getByText('Your statement has been downloaded.')).toBeVisible();

  // A custom period that ends before it starts is refused in the dialog, before any request.
  await dialog.getByLabel('Period').selectOption('custom');
  await dialog.getByLabel('From').fill('2025-03-10');
  await dialog.getByLabel('To (included)').fill('2025-03-01');
  await dialog.getByTestId('statement-submit').click();
  await expect(dialog.getByText('The end date must not be before the start date')).toBeVisible();

  // This year as PDF.
  await dialog.getByLabel('Period').selectOption('thisYear');
  await dialog.getByLabel('Format').selectOption('pdf');
  const pdf = await downloadFrom(page);
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toMatch(/\d+ 0 obj\s*\(Meridian\)/);

  // The admin, on the client's page, downloads the same statement in German.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  for (const view of [VIEWS[0], VIEWS[3]]) {
    await openAt(admin, view, `/admin/client_details/${id}`);
    await admin.getByTestId('statement-open').click();
    const adminDialog = admin.getByRole('dialog', { name: 'Download statement' });
    await expect(adminDialog).toContainText(client.lastname);
    expect(await accessibilityViolations(admin), `admin ${view.width}px ${view.theme}`).toEqual([]);
    await adminDialog.getByRole('button', { name: 'Close' }).first().click();
  }
  await admin.getByTestId('statement-open').click();
  const adminDialog = admin.getByRole('dialog', { name: 'Download statement' });
  await adminDialog.getByLabel('Format').selectOption('csv');
  await adminDialog.getByLabel('Language of the statement').selectOption('de');
  const forClient = await downloadFrom(admin);
  expect(forClient.name).toMatch(new RegExp(`-${id.slice(0, 8)}\\.csv$`));
  const german = forClient.bytes.subarray(3).toString('utf8');
  expect(german.split('\r\n')[0]).toBe('Konto,Eintrag,Datum (UTC),Beschreibung,Betrag (USD),Saldo (USD),Buchungs-ID');
  expect(german).toContain('"Gutschrift: Welcome, ""statement"" journey",1500.25,1500.25,');
  await adminContext.close();
});
