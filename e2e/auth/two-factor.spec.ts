import { type Browser, expect, type Page, test } from '@playwright/test';
import { admin, logInAsClient, registerClient, type TClientAccount } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { rememberSecret, stepNow, totpCode } from '../support/two-factor.ts';
import { openAt, VIEWS } from '../support/views.ts';

test.use({ bypassCSP: true });

/** The password step of the client login page, in a browser of its own. */
async function passwordStep(browser: Browser, client: TClientAccount): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/auth/user/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(client.email);
  await form.getByLabel('Password', { exact: true }).fill(client.password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(form.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  return page;
}

test('a client turns two-factor sign-in on, signs in with a code and a recovery code, and turns it off', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  await logInAsClient(page, client, true);

  for (const view of VIEWS) {
    await openAt(page, view, '/user/security');
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(page.getByText('Off', { exact: true })).toBeVisible();
    expect(await accessibilityViolations(page), `Security page at ${view.width} ${view.theme}`).toEqual([]);
  }

  // Enrol: the QR code and the key typed out; the first code from the "app".
  await page.getByTestId('two-factor-start').click();
  await expect(page.getByRole('img', { name: 'QR code to add Meridian to your authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = page.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(await accessibilityViolations(page), 'enrolment').toEqual([]);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Invalid code')).toBeVisible();
  const enrolStep = stepNow();
  await code.fill(totpCode(secret, enrolStep));
  await page.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, once, with an acknowledgement.
  const codes = page.getByTestId('recovery-code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  expect(await accessibilityViolations(page), 'recovery codes').toEqual([]);
  await expect(page.getByRole('button', { name: 'Done' })).toBeDisabled();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-on')).toBeVisible();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  // Signing in now asks for the code after the password: a wrong one is refused, the right one works.
  const withCode = await passwordStep(browser, client);
  const step = withCode.getByRole('main');
  expect(await accessibilityViolations(withCode), 'code step').toEqual([]);
  await step.getByLabel('6-digit code').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('Invalid code')).toBeVisible();
  await step.getByLabel('6-digit code').fill(totpCode(secret, enrolStep + 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(withCode).toHaveURL(/\/user$/);

  // Or with a recovery code, once.
  const withRecovery = await passwordStep(browser, client);
  const form = withRecovery.getByRole('main');
  await form.getByRole('button', { name: 'Use a recovery code' }).click();
  await form.getByLabel('Recovery code').fill(recovery[0] ?? '');
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(withRecovery).toHaveURL(/\/user$/);

  // Turning it off takes a code too (here a recovery code).
  await page.reload();
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
  await page.getByTestId('two-factor-disable').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill(recovery[1] ?? '');
  expect(await accessibilityViolations(page), 'turn-off dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor authentication is turned off')).toBeVisible();
  await expect(page.getByTestId('two-factor-start')).toBeVisible();
});

test('an admin without a second factor enrols on a full page before the back office opens', async ({ browser }) => {
  test.setTimeout(180_000);
  // The server without a news provider: its seeded admin has not enrolled.
  const origin = `http://127.0.0.1:${process.env.E2E_NO_NEWS_PORT}`;
  const context = await browser.newContext({ baseURL: origin, bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/auth/admin/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password', { exact: true }).fill(admin.password);
  await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const gate = page.getByTestId('admin-two-factor-gate');
  await expect(gate.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  // The back office's frame is not there, and its API refuses this session.
  await expect(page.getByRole('navigation').filter({ hasText: 'Management' })).toHaveCount(0);

  for (const view of VIEWS) {
    await openAt(page, view, '/admin');
    await expect(gate.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`admin-gate-${view.width}-${view.theme}.png`) });
    expect(await accessibilityViolations(page), `admin gate at ${view.width} ${view.theme}`).toEqual([]);
  }

  await gate.getByTestId('two-factor-start').click();
  const secret = ((await gate.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  const enrolStep = stepNow();
  await gate.getByLabel('6-digit code').fill(totpCode(secret, enrolStep));
  await gate.getByRole('button', { name: 'Turn on' }).click();
  await expect(gate.getByTestId('recovery-code')).toHaveCount(10);
  // Other journeys on this server sign its admin in with this secret.
  await rememberSecret(origin, secret, enrolStep);
  await gate.getByLabel('I have saved my recovery codes').check();
  await gate.getByRole('button', { name: 'Continue to the back office' }).click();

  // The same session goes on into the back office.
  const nav = page.getByRole('navigation').filter({ hasText: 'Management' }).first();
  await expect(nav).toBeVisible();
  await context.close();
});
