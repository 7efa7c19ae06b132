import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { newDepositMethod } from '../support/methods.ts';
import { openAt, VIEWS } from '../support/views.ts';

// axe goes into the page as an inline script.
test.use({ bypassCSP: true });

/** Chooses a language in the header's picker (remembered by the server for the client's mail). */
async function speak(page: Page, language: string) {
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/me/language') && res.ok());
  await page.getByTestId('language-picker').first().selectOption(language);
  await saved;
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Opens the bell (once its menu has loaded: until then it is a link to the page) and answers its newest notice. */
async function openBell(page: Page) {
  await page.locator('button[data-testid="notification-bell"]').click();
  const menu = page.getByTestId('notification-menu');
  await expect(menu).toBeVisible();
  return menu.getByTestId('notification-menu-item').first();
}

test('a client whose deposit an admin completes is told in the bell in French, Japanese and English, and by email', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await adminHeaders(request);
  const { id: methodId, name: methodName } = await newDepositMethod(request);
  const client = await registerClient(request);

  // The client reads the app in French: the bell, and the email of the deposit, follow that choice.
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAsClient(page, client, true);
  await speak(page, 'fr');
  await expect(page.getByTestId('notification-count')).toBeHidden();
  // The region where toasts appear is named in French too (sonner's own name is English).
  await expect(page.getByRole('region', { name: /^Alertes/ })).toHaveCount(1);

  const login = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  const { user, accessToken } = (await login.json()) as { user: { id: string }; accessToken: string };
  const declared = await request.post('/api/deposit', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { amount: 1234.5, depositMethod: methodId, user: user.id },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const depositId = ((await declared.json()) as { deposit: { id: string } }).deposit.id;

  // The admin completes it; the client's open page hears of it without a reload.
  const completed = await request.put(`/api/deposit/status/${depositId}`, { headers, data: { status: 'Completed' } });
  expect(completed.status(), await completed.text()).toBe(200);
  await expect(page.getByTestId('notification-count')).toHaveText('1');

  let notice = await openBell(page);
  await expect(notice).toContainText('Dépôt effectué');
  await expect(notice.getByTestId('notification-menu-text')).toHaveText(
    /^Votre dépôt de 1\s234,50\s\$US via .+ a été effectué et crédité sur le solde de votre compte\.$/,
  );
  expect(await accessibilityViolations(page), 'the bell open in French').toEqual([]);
  await page.keyboard.press('Escape');

  await speak(page, 'ja');
  await expect(page.getByRole('region', { name: /^お知らせ/ })).toHaveCount(1);
  notice = await openBell(page);
  await expect(notice).toContainText('入金完了');
  await expect(notice.getByTestId('notification-menu-text')).toContainText(
    `${methodName} による $1,234.50 の入金が完了し、口座残高に反映されました。`,
  );
  await page.keyboard.press('Escape');

  await speak(page, 'en');
  notice = await openBell(page);
  await expect(notice).toContainText('Deposit completed');
  await expect(notice.getByTestId('notification-menu-text')).toContainText(
    `Your deposit of $1,234.50 via ${methodName}`,
  );
  await notice.getByRole('link', { name: 'View details: Deposit completed' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/transaction/${depositId}$`));
  await expect(page.getByTestId('notification-menu')).toBeHidden();
  await expect(page.getByRole('main')).toContainText('$1,234.50');
  await expect(page.getByRole('main')).toContainText('Completed');

  // The notifications page, at both widths and in both themes.
  for (const view of VIEWS) {
    await openAt(page, view, '/user/notifications');
    const item = page.getByTestId('notification-item').first();
    await expect(item.getByRole('heading', { name: 'Deposit completed' })).toBeVisible();
    await expect(item.getByTestId('notification-text')).toContainText('$1,234.50');
    await expect(item.getByRole('link', { name: 'View details: Deposit completed' })).toBeVisible();
    expect(await accessibilityViolations(page), `notifications at ${view.width} ${view.theme}`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`notifications-${view.width}-${view.theme}.png`) });
    await openBell(page);
    expect(await accessibilityViolations(page), `the bell at ${view.width} ${view.theme}`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`bell-${view.width}-${view.theme}.png`) });
    await page.keyboard.press('Escape');
  }

  // The email went out in French, the language the client had chosen when the deposit completed.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto('/admin/outbox');
  // Their sign-up's verification mail is in the outbox beside it.
  const mail = admin
    .getByTestId('outbox-message')
    .filter({ hasText: client.email })
    .filter({ hasText: /Dépôt effectué/ });
  await mail.getByRole('button', { name: /Dépôt effectué/ }).click();
  await expect(mail.getByTestId('outbox-text')).toContainText(`Bonjour ${client.firstname},`);
  await expect(mail.getByTestId('outbox-text')).toContainText(/Votre dépôt de 1\s234,50\s\$US/);
  await expect(mail.getByTestId('outbox-text')).toContainText(`/user/transaction/${depositId}`);
  await adminContext.close();
});
