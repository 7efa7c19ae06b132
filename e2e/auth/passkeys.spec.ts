import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * Passkeys with Chromium's virtual authenticator (DevTools' WebAuthn domain): a platform
 * authenticator that keeps discoverable credentials and verifies the user without a prompt.
 * WebAuthn refuses pages on an IP address, so this journey opens the app as localhost.
 */
test.use({ bypassCSP: true, baseURL: `http://localhost:${process.env.E2E_PORT}` });

async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const items = (page: Page) => page.getByTestId('passkey-item');

test('a client adds a passkey, renames it, signs in with it and removes it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  await addVirtualAuthenticator(page);
  await logInAsClient(page, client, true);

  // The empty section, at each width and in both themes.
  for (const view of VIEWS) {
    await openAt(page, view, '/user/security');
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(page.getByText('No passkeys yet')).toBeVisible();
    expect(await accessibilityViolations(page), `empty Passkeys at ${view.width} ${view.theme}`).toEqual([]);
  }

  // Add one, named.
  await page.getByTestId('add-passkey').click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Left empty, it is called “Passkey 1”.')).toBeVisible();
  expect(await accessibilityViolations(page), 'add dialog').toEqual([]);
  await dialog.getByLabel('Name').fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Passkey added').first()).toBeVisible();
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).getByRole('heading', { name: 'Work laptop' })).toBeVisible();
  await expect(items(page).getByText('Never used')).toBeVisible();

  for (const view of VIEWS) {
    await openAt(page, view, '/user/security');
    await expect(items(page).getByRole('heading', { name: 'Work laptop' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`passkeys-${view.width}-${view.theme}.png`) });
    expect(await accessibilityViolations(page), `Passkeys at ${view.width} ${view.theme}`).toEqual([]);
  }

  // Rename it; an empty name is refused in the form.
  await page.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Name').fill('   ');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByText('Passkey name is required')).toBeVisible();
  expect(await accessibilityViolations(page), 'rename dialog').toEqual([]);
  await rename.getByLabel('Name').fill('Home laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(items(page).getByRole('heading', { name: 'Home laptop' })).toBeVisible();

  // Sign out, then sign in with the passkey alone.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  for (const view of VIEWS) {
    await openAt(page, view, '/auth/user/login');
    await expect(page.getByTestId('passkey-sign-in')).toBeEnabled();
    expect(await accessibilityViolations(page), `login page at ${view.width} ${view.theme}`).toEqual([]);
  }
  await page.getByTestId('passkey-sign-in').click();
  await expect(page.getByText('Login successful. Redirecting...').first()).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);

  // The passkey now shows its last use; remove it.
  await page.getByRole('link', { name: 'Security' }).first().click();
  await expect(page).toHaveURL(/\/user\/security$/);
  await expect(items(page).getByText(/^Added .* · Last used /)).toBeVisible();
  await page.getByRole('button', { name: 'Remove Home laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove passkey' });
  await expect(confirm.getByText('Remove “Home laptop”?', { exact: false })).toBeVisible();
  expect(await accessibilityViolations(page), 'remove dialog').toEqual([]);
  await confirm.getByTestId('confirm-dialog-confirm').click();
  await expect(confirm).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText('No passkeys yet')).toBeVisible();
});

test('a passkey this site no longer knows is refused on the login page with the server’s words', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const client = await registerClient(request);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await logInAsClient(page, client, true);
  await page.goto('/user/security');
  await page.getByTestId('add-passkey').click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(items(page).getByRole('heading', { name: 'Passkey 1' })).toBeVisible();

  // Removed on the server, still held by the authenticator.
  await page.getByRole('button', { name: 'Remove Passkey 1' }).click();
  await page.getByRole('dialog', { name: 'Remove passkey' }).getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByText('No passkeys yet')).toBeVisible();
  const held = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(held.credentials).toHaveLength(1);

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await page.goto('/auth/user/login');
  await page.getByTestId('passkey-sign-in').click();
  await expect(
    page.getByText('This passkey was not recognised. Try another passkey or sign in with your password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/user\/login$/);
});
