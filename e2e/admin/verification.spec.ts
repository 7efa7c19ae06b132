import { expect, type Page, test } from '@playwright/test';
import { clientId, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';
import { openAt, type TView, VIEWS } from '../support/views.ts';

/** The KYC entry of the sidebar as the reader sees it: the drawer on a phone, the fixed sidebar on a desktop. */
async function kycEntryDot(page: Page, view: TView) {
  if (view.width < 1024) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: /KYC/ })).toBeVisible();
    return drawer.getByTestId('kyc-dot');
  }
  return page.getByTestId('kyc-dot');
}

const shot = (page: Page, name: string, view: TView) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${view.width}-${view.theme}.png`), fullPage: true });

test('after an admin verifies a client, the dashboard, the profile, the KYC page and the sidebar all agree', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  const id = await clientId(request, client);
  await logInAsClient(page, client, true);

  // Not verified: the banner names the missing step and links to it; the KYC entry has its red dot.
  for (const view of VIEWS) {
    await openAt(page, view, '/user');
    const banner = page.getByTestId('kyc-banner');
    await expect(banner).toContainText('Submit your identity documents');
    await expect(banner.getByRole('link', { name: 'Submit documents' })).toHaveAttribute('href', '/user/kyc/submit');
    await shot(page, 'unverified-dashboard', view);
    await expect(await kycEntryDot(page, view)).toBeVisible();
    await openAt(page, view, `/user/profile/${id}`);
    await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
  }

  // The admin verifies the client (no documents) on the client's page.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`/admin/client_details/${id}`);
  const badges = admin.getByTestId('client-badges');
  await expect(badges.getByText('Unverified', { exact: true })).toBeVisible();
  await admin.getByTestId('action-toggle-verified').click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(dialog.getByText('Verification Successful')).toBeVisible();
  await expect(badges.getByText('Verified', { exact: true })).toBeVisible();
  await context.close();

  // Verified everywhere, at every width and in both themes.
  for (const view of VIEWS) {
    await openAt(page, view, '/user');
    await expect(page.getByRole('heading', { name: `Welcome back, ${client.firstname}` })).toBeVisible();
    await expect(page.getByTestId('kyc-banner')).toHaveCount(0);
    await expect(page.getByText(/not verified/i)).toHaveCount(0);
    await expect(await kycEntryDot(page, view)).toHaveCount(0);

    await openAt(page, view, `/user/profile/${id}`);
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Unverified', { exact: true })).toHaveCount(0);

    await openAt(page, view, '/user/kyc/status');
    const status = page.getByTestId('kyc-status');
    await expect(status.getByRole('heading', { name: 'Verified' })).toBeVisible();
    await expect(status.getByText('Your account was verified by our team.', { exact: false })).toBeVisible();
    await expect(status.getByRole('link', { name: 'Submit KYC' })).toHaveCount(0);
    await shot(page, 'verified-kyc-status', view);
  }
});
