import { expect, test } from '@playwright/test';
import { logInAsClient, newClient, signUpClient } from '../support/accounts.ts';
import { acceptSignUpTerms, fillClientForm } from '../support/client-form.ts';

test('a visitor registers, signs in, sees the client area and signs out', async ({ page }) => {
  const client = newClient();
  await page.goto('/register');
  const form = page.getByRole('main');
  await fillClientForm(form, client, 'Address');
  await acceptSignUpTerms(form);
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Account created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/user\/login$/, { timeout: 10_000 });
  // The login form starts from the email just signed up with.
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(client.email);

  await logInAsClient(page, client);
  await expect(page.getByText(new RegExp(client.firstname)).first()).toBeVisible();
  await expect(page.getByText(client.email).first()).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  // The session is gone: the client area sends us to the login page.
  await page.goto('/user');
  await expect(page).toHaveURL(/\/auth\/user\/login$/);
});

test('registration shows the spec messages while typing and refuses a taken email', async ({ page, request }) => {
  const taken = await signUpClient(request);

  await page.goto('/register');
  const form = page.getByRole('main');
  const password = form.getByLabel('Password', { exact: true });
  await password.fill('short');
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  const email = form.getByLabel('Email');
  await email.fill('not-an-email');
  await expect(form.getByText('Invalid email address')).toBeVisible();

  const client = { ...newClient(), email: taken.email };
  await fillClientForm(form, client, 'Address');
  await acceptSignUpTerms(form);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('User already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('signing up in the header’s modal opens the Log in modal with the new email, ready for the password', async ({
  page,
}) => {
  const client = newClient();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).first().click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await fillClientForm(register, client, 'Address');
  await acceptSignUpTerms(register);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(register.getByText('Account created successfully')).toBeVisible();

  const login = page.getByRole('dialog', { name: 'Log in to your account' });
  await expect(login.getByLabel('Email')).toHaveValue(client.email, { timeout: 10_000 });
  await login.getByLabel('Password', { exact: true }).fill(client.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user$/, { timeout: 10_000 });
});
