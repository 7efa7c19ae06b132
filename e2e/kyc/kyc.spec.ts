import { expect, test } from '@playwright/test';
import { logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

/** Tiny real images, as a phone camera would hand them over (the server checks the bytes). */
const DOCUMENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMLQkABkZXgQ4un2QAAAAASUVORK5CYII=',
  'base64',
);
const SELFIE_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAIqQ/9k=',
  'base64',
);

test('a client submits KYC with two images, an admin approves it, and the client is verified', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const client = await registerClient(request);

  // The client is not verified: the sidebar's KYC entry carries the red dot.
  await logInAsClient(page, client, true);
  await expect(page.getByTestId('kyc-dot')).toBeVisible();
  await page.goto('/user/kyc/submit');
  await expect(page.getByText('Each image must be at most 10MB.')).toBeVisible();
  await expect(page.getByText('Review takes 1-3 business days.')).toBeVisible();

  const form = page.getByTestId('kyc-form');
  // Submitting without images says so on both pickers.
  await form.getByLabel('Document type').selectOption('passport');
  await form.getByLabel('Document number').fill('C01X00T47');
  await form.getByLabel('Date of birth').fill('1988-04-12');
  await form.getByRole('button', { name: 'Submit KYC' }).click();
  await expect(form.getByText('Please upload both document and selfie images')).toHaveCount(2);

  // A text file named like an image is refused in the browser already.
  await form
    .getByLabel('Document image')
    .setInputFiles({ name: 'passport.png', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(form.getByText('Images must be JPG, PNG or WebP files')).toBeVisible();

  await form
    .getByLabel('Document image')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: DOCUMENT_PNG });
  await form.getByLabel('Selfie', { exact: true }).setInputFiles({
    name: 'selfie.jpg',
    mimeType: 'image/jpeg',
    buffer: SELFIE_JPEG,
  });
  await expect(form.getByRole('img', { name: 'Preview of Document image' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Preview of Selfie' })).toBeVisible();
  // Name, country and address come filled in from the account.
  await expect(form.getByLabel('Full name (as on the document)')).toHaveValue(`${client.firstname} ${client.lastname}`);
  await form.getByRole('button', { name: 'Submit KYC' }).click();
  await expect(page.getByText('KYC submitted successfully!')).toBeVisible();

  // Two seconds later the status page: under review.
  await expect(page).toHaveURL(/\/user\/kyc\/status$/, { timeout: 10_000 });
  const status = page.getByTestId('kyc-status');
  await expect(status.getByRole('heading', { name: 'Under Review' })).toBeVisible();
  await expect(status.getByText('KYC is being reviewed by admin')).toBeVisible();

  // The admin finds it among the pending reviews and approves it, after seeing both images.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/kyc/review');
  await expect(admin.getByRole('heading', { name: 'Pending KYC Reviews' })).toBeVisible();
  const card = admin.getByTestId('kyc-card').filter({ hasText: client.email });
  await card.getByRole('button', { name: 'Review' }).click();
  const dialog = admin.getByTestId('kyc-review-dialog');
  await expect(dialog.getByText('C01X00T47')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Document image' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Selfie' })).toBeVisible();
  await dialog.getByLabel('Notes').fill('Document and selfie match');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('KYC approved successfully!').first()).toBeVisible();
  await expect(admin.getByTestId('kyc-card').filter({ hasText: client.email })).toHaveCount(0);

  // The all list shows who reviewed it.
  await admin.goto('/admin/kyc/all');
  const row = admin.getByTestId('kyc-row').filter({ hasText: client.email }).first();
  await expect(row.getByText('Verified')).toBeVisible();
  await adminContext.close();

  // The client sees Verified, and the red dot is gone.
  await page.reload();
  await expect(status.getByRole('heading', { name: 'Verified' })).toBeVisible();
  await expect(status.getByText('Your account is verified')).toBeVisible();
  await expect(page.getByTestId('kyc-dot')).toBeHidden();
});
