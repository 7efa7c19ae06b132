import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const PASSWORD = 'journey-password-1';

export interface TClientAccount {
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  phone: string;
  country: string;
  address: string;
  password: string;
}

/** A fresh, unique client's registration form. */
export function newClient(): TClientAccount {
  const id = randomBytes(4).toString('hex');
  return {
    firstname: 'Grace',
    lastname: 'Hopper',
    username: `grace_${id}`,
    email: `grace.${id}@example.com`,
    phone: '+1 555 010 2030',
    country: 'DE',
    address: '1 Harbour Street, Hamburg',
    password: PASSWORD,
  };
}

/** Registers a client through the real API (for journeys that are not about registration). */
export async function registerClient(request: APIRequestContext): Promise<TClientAccount> {
  const client = newClient();
  const res = await request.post('/api/client', { data: client });
  expect(res.status(), await res.text()).toBe(201);
  return client;
}

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? '',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};

/** Signs in through the client login page; lands on /user after the 2 s redirect. */
export async function logInAsClient(page: Page, client: Pick<TClientAccount, 'email' | 'password'>, remember = false) {
  await page.goto('/auth/user/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  if (remember) await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Login successful. Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
}
