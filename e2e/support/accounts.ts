import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { fromOutbox, VERIFY_LINK } from './outbox.ts';
import { adminSecondFactor, ensureAdminEnrolled, refillRecoveryCodes } from './two-factor.ts';

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
    // Unique, so admin lists can tell parallel journeys' clients apart.
    lastname: `Hopper ${id.toUpperCase()}`,
    username: `grace_${id}`,
    email: `grace.${id}@example.com`,
    phone: '+1 555 010 2030',
    country: 'DE',
    address: '1 Harbour Street, Hamburg',
    password: PASSWORD,
  };
}

/**
 * Signs a client up through the real API, ticking the terms and the risk disclosure as the form does;
 * their email address is not verified yet.
 */
export async function signUpClient(request: APIRequestContext): Promise<TClientAccount> {
  const client = newClient();
  const res = await request.post('/api/client', {
    data: { ...client, acceptTerms: true, acceptRiskDisclosure: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return client;
}

/**
 * Registers a client through the real API (for journeys that are not about registration), and
 * follows the link of their verification mail as they would, so their money can move.
 */
export async function registerClient(request: APIRequestContext): Promise<TClientAccount> {
  const client = await signUpClient(request);
  await followVerificationLink(request, client.email);
  return client;
}

/** The link of the newest verification mail to `email`, read from the outbox as the admin. */
export async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  const [, link] = await fromOutbox(request, await adminHeaders(request), email, VERIFY_LINK);
  return link as string;
}

/** Follows the newest verification link mailed to `email` through the API, as the page it opens does. */
export async function followVerificationLink(request: APIRequestContext, email: string): Promise<void> {
  const [, , token] = await fromOutbox(request, await adminHeaders(request), email, VERIFY_LINK);
  const res = await request.post('/api/email-verification', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
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
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Login successful. Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
}

/**
 * Signs in as the seeded admin through the admin login page, with the code of its second factor
 * (two-factor.ts enrols it once per server); lands on /admin.
 */
export async function logInAsAdmin(page: Page) {
  const origin = await ensureAdminEnrolled(page.request, admin.email, admin.password);
  await page.goto('/auth/admin/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password', { exact: true }).fill(admin.password);
  // Remembered, so the journey may open back-office pages by address (a full page load).
  await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  const factor = await adminSecondFactor(origin);
  await expect(form.getByLabel('6-digit code')).toBeVisible();
  if (factor.recovery) await form.getByRole('button', { name: 'Use a recovery code' }).click();
  await form.getByLabel(factor.recovery ? 'Recovery code' : '6-digit code').fill(factor.code);
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * The admin's bearer header (password and second factor), for setting up data through the API. One
 * sign-in serves the journeys of a worker while its access token lasts and its session is live (a
 * journey may end the admin's sessions): a fresh code for every call would make the journeys wait
 * for the 30-second steps of the authenticator.
 */
export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const origin = await ensureAdminEnrolled(request, admin.email, admin.password);
  const cached = adminTokens.get(origin);
  if (cached && cached.until > Date.now()) {
    const headers = { authorization: `Bearer ${cached.token}` };
    if ((await request.get('/api/user/two-factor', { headers })).ok()) {
      // The page sign-ins (logInAsAdmin) spend recovery codes too; a set is bought here.
      await refillRecoveryCodes(request, origin, headers);
      return headers;
    }
  }
  const res = await request.post('/api/login', { data: { email: admin.email, password: admin.password } });
  expect(res.status(), await res.text()).toBe(200);
  const { challenge } = (await res.json()) as { challenge: string };
  const { code } = await adminSecondFactor(origin);
  const second = await request.post('/api/login/second-factor', { data: { challenge, code } });
  expect(second.status(), await second.text()).toBe(200);
  const body = (await second.json()) as { accessToken: string };
  adminTokens.set(origin, { token: body.accessToken, until: Date.now() + ADMIN_TOKEN_REUSE_MS });
  const headers = { authorization: `Bearer ${body.accessToken}` };
  await refillRecoveryCodes(request, origin, headers);
  return headers;
}

/** The admin's access token of this worker, by server; reused well inside its 15-minute life. */
const adminTokens = new Map<string, { token: string; until: number }>();
const ADMIN_TOKEN_REUSE_MS = 10 * 60 * 1000;

/** A registered client with money on their balance, their id and a bearer header of theirs. */
export interface TFundedClient extends TClientAccount {
  id: string;
  bearer: { authorization: string };
}

/** Registers a client and funds their balance with `amount` dollars through the admin's API. */
export async function fundedClient(request: APIRequestContext, amount: number): Promise<TFundedClient> {
  const client = await registerClient(request);
  const login = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { user, accessToken } = (await login.json()) as { user: { id: string }; accessToken: string };
  const funded = await request.post(`/api/user/fund/${user.id}`, {
    headers: await adminHeaders(request),
    data: { amount, reason: 'Journey funding' },
  });
  expect(funded.status(), await funded.text()).toBe(200);
  // Above the four-eyes threshold a credit only waits for a second staff member (docs/money.md).
  expect(((await funded.json()) as { message: string }).message).toBe('Credit successful');
  return { ...client, id: user.id, bearer: { authorization: `Bearer ${accessToken}` } };
}

/** The id of a registered client, looked up by signing in as them through the API. */
export async function clientId(request: APIRequestContext, client: TClientAccount): Promise<string> {
  const res = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { id: string } }).user.id;
}
