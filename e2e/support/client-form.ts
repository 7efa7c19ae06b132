import type { Locator } from '@playwright/test';
import type { TClientAccount } from './accounts.ts';

/**
 * Fills a new client's account form with `client`: the registration page and the back office's
 * New Client dialog ask the same fields, but label the address differently.
 */
export async function fillClientForm(
  form: Locator,
  client: TClientAccount,
  addressLabel: 'Address' | 'Residential address',
): Promise<void> {
  await form.getByLabel('First name').fill(client.firstname);
  await form.getByLabel('Last name').fill(client.lastname);
  await form.getByLabel('Username').fill(client.username);
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Phone number').fill(client.phone);
  await form.getByLabel('Country').selectOption(client.country);
  await form.getByLabel(addressLabel).fill(client.address);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
}

/** Ticks the sign-up form's two boxes: the terms of use and the risk disclosure. */
export async function acceptSignUpTerms(form: Locator): Promise<void> {
  await form.getByRole('checkbox', { name: /terms of use/ }).check();
  await form.getByRole('checkbox', { name: /risk disclosure/ }).check();
}
