import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * A client whose withdrawals the admin has turned off is told so on the withdrawal pages, before
 * choosing a method, and the method page offers no Proceed into a dialog that could only refuse.
 */
test.use({ bypassCSP: true });

const NOTICE = 'Withdrawals are disabled for your account, contact support for more info';

async function speak(page: Page, language: string) {
  await page.getByTestId('language-picker').first().selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test('a client whose withdrawals are off reads it on the withdrawal pages, in English, French and Japanese', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const client = await registerClient(request);
  const off = await request.post(`/api/client/withdrawals/${await clientId(request, client)}`, {
    headers: await adminHeaders(request),
    data: { enabled: false },
  });
  expect(off.status(), await off.text()).toBe(200);
  await logInAsClient(page, client, true);

  for (const view of VIEWS) {
    await openAt(page, view, '/user/withdrawalmethod');
    await expect(page.getByTestId('withdrawals-disabled')).toHaveText(NOTICE);
    expect(await accessibilityViolations(page), `methods at ${view.width} ${view.theme}`).toEqual([]);
    await page.getByRole('link', { name: 'Withdraw via USDT (TRC20)' }).click();
    await expect(page.getByTestId('withdrawals-disabled')).toHaveText(NOTICE);
    const proceed = page.getByTestId('withdrawal-proceed');
    await expect(proceed).toBeDisabled();
    await expect(proceed).toHaveAccessibleDescription(NOTICE);
    expect(await accessibilityViolations(page), `method at ${view.width} ${view.theme}`).toEqual([]);
  }

  await speak(page, 'fr');
  await expect(page.getByTestId('withdrawals-disabled')).toHaveText(
    "Les retraits sont désactivés pour votre compte. Veuillez contacter le support pour plus d'informations",
  );
  await speak(page, 'ja');
  await expect(page.getByTestId('withdrawals-disabled')).toHaveText(
    'お客様のアカウントでは出金が無効になっています。詳しくはサポートまでお問い合わせください',
  );
  await speak(page, 'en');

  // Turned back on, the notice goes and Proceed opens the dialog.
  const on = await request.post(`/api/client/withdrawals/${await clientId(request, client)}`, {
    headers: await adminHeaders(request),
    data: { enabled: true },
  });
  expect(on.status(), await on.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('withdrawal-proceed')).toBeEnabled();
  await expect(page.getByTestId('withdrawals-disabled')).toHaveCount(0);
});
