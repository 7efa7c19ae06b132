import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, logInAsClient, newClient, verificationLink } from '../support/accounts.ts';
import { acceptSignUpTerms, fillClientForm } from '../support/client-form.ts';
import { openAt, type TView, VIEWS } from '../support/views.ts';

const shot = (page: Page, name: string, view: TView) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${view.width}-${view.theme}.png`), fullPage: true });

/** Opens the deposit dialog of `method` from the dashboard and sends `amount` once its 300 s wait is over. */
async function depositWith(page: Page, method: string, amount: string) {
  await page.getByTestId('account-header').getByRole('link', { name: 'Add Funds' }).click();
  await page.getByRole('link', { name: `Deposit with ${method}` }).click();
  await page.getByTestId('deposit-proceed').click();
  const dialog = page.getByRole('dialog', { name: 'Make Deposit' });
  await dialog.getByLabel('Amount (USD)').fill(amount);
  // The dialog waits 300 s before it lets the client submit; the fake clock skips it.
  await page.clock.runFor(300_500);
  await dialog.getByTestId('deposit-submit').click();
  return dialog;
}

test('a visitor signs up accepting the terms, is told to verify the email before depositing, follows the mailed link and deposits', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const method = `USDT (TRC20) ${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/depositmethod', {
    headers: await adminHeaders(request),
    data: {
      name: method,
      value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      description: 'Tether on TRON',
      minAmount: 10,
      maxAmount: 50000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The form asks for both ticks; each link opens its text (the operator's) in a new tab.
  const client = newClient();
  await page.goto('/register');
  const form = page.getByRole('main');
  await fillClientForm(form, client, 'Address');
  for (const [link, title] of [
    ['terms of use', 'Terms of use'],
    ['risk disclosure', 'Risk disclosure'],
  ] as const) {
    const opened = context.waitForEvent('page');
    await form.getByRole('link', { name: link }).click();
    const tab = await opened;
    await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(tab.getByTestId('legal-version')).toHaveText(/^Version [0-9a-f]{16}$/);
    await expect(tab.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await tab.close();
  }
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Accept the terms to create an account')).toBeVisible();
  await expect(form.getByText('Confirm that you have read the risk disclosure to create an account')).toBeVisible();
  await acceptSignUpTerms(form);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Account created successfully')).toBeVisible();
  await expect(
    form.getByText(`We sent a link to ${client.email}: open it to confirm your address before you move money.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/user\/login$/, { timeout: 10_000 });

  // Signed in, not verified: the banner is on every page, and a deposit is refused with the reason.
  await page.clock.install();
  await logInAsClient(page, client, true);
  const banner = page.getByTestId('email-verification-banner');
  // Asking again at once is held back a minute (of the server's clock, which the page's fake one does
  // not move); the banner says so. Asked first, before a slow machine lets that minute pass.
  await banner.getByRole('button', { name: 'Resend the email' }).click();
  await expect(banner).toContainText(/A verification email was sent less than a minute ago\. Wait \d+ seconds/);
  for (const view of VIEWS) {
    await openAt(page, view, '/user');
    await expect(banner).toContainText('Verify your email address');
    await expect(banner).toContainText(`We sent a link to ${client.email}.`);
    await shot(page, 'unverified-dashboard', view);
  }
  const refused = await depositWith(page, method, '120');
  await expect(refused.getByText('Verify your email address before moving money')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(refused).toBeHidden();

  // The link of the mail, opened as the client would: the page says so, and the banner goes.
  const mailed = new URL(await verificationLink(request, client.email));
  expect(mailed.pathname).toBe('/verify-email');
  // The mail names the site by PUBLIC_URL (localhost); this browser signed in on the address it was
  // given, whose cookie and storage the link must reach.
  const link = `${mailed.pathname}${mailed.search}`;
  await page.goto(link);
  await expect(page.getByText('Your email address is verified')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${client.firstname}` })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The same link a second time, at every width and theme: used, and the page says so.
  for (const view of VIEWS) {
    await openAt(page, view, link);
    await expect(page.getByText('This verification link has already been used')).toBeVisible();
    await shot(page, 'link-used', view);
  }

  // Money moves now.
  await openAt(page, VIEWS[2], '/user');
  await expect(banner).toHaveCount(0);
  await depositWith(page, method, '120');
  await expect(page.getByText('Deposit Successfully').first()).toBeVisible();
});

test('the terms and the risk disclosure read well at every width and theme', async ({ page }) => {
  await page.goto('/');
  for (const view of VIEWS) {
    for (const [path, title] of [
      ['/terms', 'Terms of use'],
      ['/risk-disclosure', 'Risk disclosure'],
    ] as const) {
      await openAt(page, view, path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await shot(page, path.slice(1), view);
    }
  }
  // The footer of every public page links both.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Risk disclosure' })).toHaveAttribute('href', '/risk-disclosure');
});
