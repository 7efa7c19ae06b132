import { expect, type Page, test } from '@playwright/test';
import { logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';
import { openAt, VIEWS } from '../support/views.ts';

/** Tiny real images, as a phone camera would hand them over (the server checks the bytes). */
const DOCUMENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMLQkABkZXgQ4un2QAAAAASUVORK5CYII=',
  'base64',
);
const SELFIE_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAIqQ/9k=',
  'base64',
);

/** The admin, in a browser of their own, opens the client's pending submission for review. */
async function openReview(page: Page, email: string) {
  const context = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
  if (!context) throw new Error('no browser');
  const admin = await context.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/kyc/review');
  await admin.getByTestId('kyc-card').filter({ hasText: email }).getByRole('button', { name: 'Review' }).click();
  return { admin, dialog: admin.getByTestId('kyc-review-dialog') };
}

test('a rejected client sees the reason and the form filled with what they sent, fixes one field and resubmits', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  await logInAsClient(page, client, true);

  // First submission.
  await page.goto('/user/kyc/submit');
  const form = page.getByTestId('kyc-form');
  await form.getByLabel('Document type').selectOption('national_id');
  await form.getByLabel('Document number').fill('C01X00T4');
  await form.getByLabel('Date of birth').fill('1988-04-12');
  await form
    .getByLabel('Document image')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
  await form
    .getByLabel('Selfie', { exact: true })
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: SELFIE_JPEG });
  await form.getByRole('button', { name: 'Submit KYC' }).click();
  await expect(page).toHaveURL(/\/user\/kyc\/status$/, { timeout: 10_000 });

  // The admin rejects it with a reason.
  const first = await openReview(page, client.email);
  await expect(first.dialog.getByText('C01X00T4')).toBeVisible();
  await first.dialog.getByRole('button', { name: 'Reject' }).click();
  const reason = first.admin.getByTestId('kyc-reject-form');
  await reason.getByLabel('Reason').fill('The document number is cut off');
  await reason.getByRole('button', { name: 'Reject' }).click();
  await expect(first.admin.getByText('KYC rejected successfully!').first()).toBeVisible();
  await first.admin.context().close();

  // The dashboard says what is missing and leads to the form, which starts from the rejected submission.
  for (const view of VIEWS) {
    await openAt(page, view, '/user');
    const banner = page.getByTestId('kyc-banner');
    await expect(banner).toContainText('Your documents were rejected.');
    await banner.getByRole('link', { name: 'Submit again' }).click();
    await expect(page).toHaveURL(/\/user\/kyc\/submit$/);
    await expect(page.getByText('Reason: The document number is cut off')).toBeVisible();
    await expect(form.getByLabel('Document type')).toHaveValue('national_id');
    await expect(form.getByLabel('Document number')).toHaveValue('C01X00T4');
    await expect(form.getByLabel('Date of birth')).toHaveValue('1988-04-12');
    await expect(form.getByLabel('Country')).toHaveValue(client.country);
    await expect(form.getByLabel('Full name (as on the document)')).toHaveValue(
      `${client.firstname} ${client.lastname}`,
    );
    await expect(form.getByRole('img', { name: 'Previous image: Document image' })).toBeVisible();
    await expect(form.getByRole('img', { name: 'Previous image: Selfie' })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`resubmit-form-${view.width}-${view.theme}.png`),
      fullPage: true,
    });
  }

  // Only the number is corrected; the images stay the previous ones.
  await form.getByLabel('Document number').fill('C01X00T47');
  await form.getByRole('button', { name: 'Submit KYC' }).click();
  await expect(page.getByText('KYC submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/kyc\/status$/, { timeout: 10_000 });
  await expect(page.getByTestId('kyc-status').getByRole('heading', { name: 'Under Review' })).toBeVisible();

  // The admin reviews the new submission, with both images, and approves it.
  const second = await openReview(page, client.email);
  await expect(second.dialog.getByText('C01X00T47')).toBeVisible();
  await expect(second.dialog.getByRole('img', { name: 'Document image' })).toBeVisible();
  await expect(second.dialog.getByRole('img', { name: 'Selfie' })).toBeVisible();
  await second.dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(second.admin.getByText('KYC approved successfully!').first()).toBeVisible();
  await second.admin.context().close();

  await page.goto('/user');
  await expect(page.getByRole('heading', { name: `Welcome back, ${client.firstname}` })).toBeVisible();
  await expect(page.getByTestId('kyc-banner')).toHaveCount(0);
});
