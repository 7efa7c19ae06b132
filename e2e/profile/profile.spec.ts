import { expect, test } from '@playwright/test';
import { logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

/** A small real PNG (8×8) to upload as an avatar. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMLQkABkZXgQ4un2QAAAAASUVORK5CYII=',
  'base64',
);

test('a client uploads an avatar, updates their phone and changes their password', async ({ page, request }) => {
  test.setTimeout(90_000);
  const client = await registerClient(request);
  // Remembered, so a reload restores the session from the refresh cookie.
  await logInAsClient(page, client, true);

  // The header's avatar leads to the profile.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Profile:/ })
    .click();
  await expect(page).toHaveURL(/\/user\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('profile-name')).toHaveText(`${client.firstname} ${client.lastname}`);
  const details = page.getByTestId('profile-details');
  await expect(details.getByText(client.username)).toBeVisible();
  await expect(details.getByText('Germany')).toBeVisible();
  await expect(details.getByText('$0.00')).toBeVisible();
  await expect(page.getByText('Unverified', { exact: true })).toBeVisible();

  // Avatar: nothing to upload until a preview exists; then the header shows the new picture.
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  const avatarDialog = page.getByRole('dialog', { name: 'Update profile picture' });
  await expect(avatarDialog.getByText('PNG, JPG or WebP up to 10MB')).toBeVisible();
  const uploadButton = avatarDialog.getByRole('button', { name: 'Upload picture' });
  await expect(uploadButton).toBeDisabled();
  await avatarDialog.getByLabel('Choose an image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: AVATAR_PNG,
  });
  await expect(avatarDialog.getByRole('img', { name: 'Preview of the new picture' })).toBeVisible();
  await uploadButton.click();
  await expect(avatarDialog.getByText('Profile Picture uploaded successfully')).toBeVisible();
  await expect(avatarDialog).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]{36}\.png$/);
  await expect(page.getByTestId('profile-avatar-image')).toBeVisible();

  // Update Profile: the spec's rules, then the new phone on the page.
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const form = page.getByRole('dialog', { name: 'Update Profile' });
  const phone = form.getByLabel('Phone number');
  await phone.fill('');
  await expect(form.getByText('Phone number is required')).toBeVisible();
  await phone.fill('+1 555 010 7777');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Profile updated Successfully')).toBeVisible();
  await expect(form).toBeHidden({ timeout: 6_000 });
  await expect(page.getByTestId('profile-phone')).toHaveText('+1 555 010 7777');

  // Change password: the current one is required and checked; this session goes on, and the new
  // password works at the next sign-in.
  await page.getByRole('link', { name: 'Change Password', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/change-password$/);
  const newPassword = 'a-brand-new-password-2';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something else');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  await expect(page.getByText('every other device signed in to your account has been signed out')).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');
  // Still signed in here, after a reload too: this session's refresh cookie was kept.
  await page.reload();
  await expect(page).toHaveURL(/\/user\/change-password$/);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Profile:/ })
    .click();
  await expect(page.getByTestId('profile-phone')).toHaveText('+1 555 010 7777');
  await page.context().clearCookies();
  await page.goto('/');
  await logInAsClient(page, { email: client.email, password: newPassword });
});

test('an admin opens their profile and changes their own phone', async ({ page }) => {
  await logInAsAdmin(page);
  await page.getByTestId('admin-profile-link').click();
  await expect(page).toHaveURL(/\/admin\/profile\/[0-9a-f-]{36}$/);
  const details = page.getByTestId('profile-details');
  await expect(details.getByText('Administrator')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change Password', exact: true })).toHaveAttribute(
    'href',
    '/admin/change-password',
  );
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');

  const newPhone = `+1 555 ${String(Date.now()).slice(-7, -4)} ${String(Date.now()).slice(-4)}`;
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const form = page.getByRole('dialog', { name: 'Update Profile' });
  await form.getByLabel('Phone number').fill(newPhone);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Profile updated Successfully')).toBeVisible();
  await expect(form).toBeHidden({ timeout: 6_000 });
  await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
});
