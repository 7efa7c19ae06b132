import { type Browser, expect, type Page, test } from '@playwright/test';
import { clientId, logInAsAdmin, logInAsClient, registerClient, type TClientAccount } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

test.use({ bypassCSP: true });

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser of its own (its own cookies and user agent), signed in as the client and remembered. */
async function signedInBrowser(browser: Browser, client: TClientAccount, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, userAgent, bypassCSP: true });
  const page = await context.newPage();
  await logInAsClient(page, client, true);
  return page;
}

const sessionItems = (page: Page) => page.getByTestId('session-item');

test('a client sees the sessions of two browsers, ends the other one, then this one', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  const laptop = await signedInBrowser(browser, client, WINDOWS_CHROME);
  const phone = await signedInBrowser(browser, client, IPHONE_SAFARI);

  // The laptop's Security page lists both, this one marked, at each width and in both themes.
  for (const view of VIEWS) {
    await openAt(laptop, view, '/user/security');
    await expect(laptop.getByRole('heading', { name: 'Signed-in sessions' })).toBeVisible();
    await expect(sessionItems(laptop)).toHaveCount(2);
    const mine = sessionItems(laptop).filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('heading', { name: 'Chrome 126 on Windows' })).toBeVisible();
    await expect(mine.getByText('Computer', { exact: true })).toBeVisible();
    const other = sessionItems(laptop).filter({ hasNotText: 'This device' });
    await expect(other.getByRole('heading', { name: 'Safari 17 on iOS 17' })).toBeVisible();
    await expect(other.getByText('Phone', { exact: true })).toBeVisible();
    await expect(other.getByText('Password', { exact: true })).toBeVisible();
    await laptop.screenshot({ path: test.info().outputPath(`sessions-${view.width}-${view.theme}.png`) });
    expect(await accessibilityViolations(laptop), `Security page at ${view.width} ${view.theme}`).toEqual([]);
  }

  // End the phone's session.
  await laptop.getByRole('button', { name: 'End session: Safari 17 on iOS 17' }).click();
  const dialog = laptop.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'End this session?' })).toBeVisible();
  expect(await accessibilityViolations(laptop), 'end-session dialog').toEqual([]);
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(dialog.getByText('Session ended')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(sessionItems(laptop)).toHaveCount(1);
  await expect(laptop.getByTestId('end-other-sessions')).toBeHidden();

  // The phone is signed out on its next request.
  await phone.goto('/user/security');
  await expect(phone).toHaveURL(/\/auth\/user\/login$/);

  // Ending this browser's own session signs it out, as signing out does.
  await laptop.getByRole('button', { name: 'End session: Chrome 126 on Windows' }).click();
  await expect(dialog.getByText('This is the device you are using now: you will be signed out here.')).toBeVisible();
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(laptop).toHaveURL(/\/auth\/user\/login$/);
  await laptop.goto('/user/security');
  await expect(laptop).toHaveURL(/\/auth\/user\/login$/);

  await laptop.context().close();
  await phone.context().close();
});

test('a client signs out of all other sessions at once', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const client = await registerClient(request);
  const phone = await signedInBrowser(browser, client, IPHONE_SAFARI);
  const laptop = await signedInBrowser(browser, client, WINDOWS_CHROME);

  await laptop.goto('/user/security');
  await expect(sessionItems(laptop)).toHaveCount(2);
  await laptop.getByTestId('end-other-sessions').click();
  const dialog = laptop.getByRole('dialog');
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(dialog.getByText('Other sessions ended: 1')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(sessionItems(laptop)).toHaveCount(1);

  await phone.goto('/user/security');
  await expect(phone).toHaveURL(/\/auth\/user\/login$/);
  await laptop.reload();
  await expect(sessionItems(laptop)).toHaveCount(1);

  await laptop.context().close();
  await phone.context().close();
});

test('an admin ends all of a client’s sessions with a reason', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  const id = await clientId(request, client);
  const phone = await signedInBrowser(browser, client, IPHONE_SAFARI);

  await logInAsAdmin(page);
  for (const view of VIEWS) {
    await openAt(page, view, `/admin/client_details/${id}`);
    const card = page.getByRole('region', { name: 'Signed-in sessions' });
    await expect(card.getByRole('heading', { name: 'Safari 17 on iOS 17' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    expect(await accessibilityViolations(page), `client page at ${view.width} ${view.theme}`).toEqual([]);
  }

  await page.getByTestId('end-client-sessions').click();
  const dialog = page.getByRole('dialog');
  // The reason is required.
  await dialog.getByTestId('end-client-sessions-submit').click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  expect(await accessibilityViolations(page), 'end-all dialog').toEqual([]);
  await dialog.getByLabel('Reason').fill('Client reported a lost phone');
  await dialog.getByTestId('end-client-sessions-submit').click();
  // The phone's session, and the one the API look-up of the client's id opened.
  await expect(dialog.getByText(/^Sessions of the client ended: \d+$/)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText('The client is not signed in anywhere')).toBeVisible();

  await phone.goto('/user/security');
  await expect(phone).toHaveURL(/\/auth\/user\/login$/);
  await phone.context().close();
});
