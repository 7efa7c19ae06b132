import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, logInAsAdmin, logInAsClient, registerClient, type TClientAccount } from '../support/accounts.ts';
import { newDepositMethod } from '../support/methods.ts';

/**
 * Issue 12's smaller fixes as people see them, at a phone's and a desktop's width in both themes:
 * a declined deposit does not read as money that arrived (no sign, not green), a record that moved
 * money offers no Delete and says why up front, and the country list sorts by everyday names.
 */
// Amounts of this run only (a retried worker runs beforeAll again), shown as the web formats them.
const cents = 10 + Math.floor(Math.random() * 90);
const DECLINED_AMOUNT = Number(`2345.${cents}`);
const COMPLETED_AMOUNT = Number(`1234.${cents}`);
const DECLINED = `$2,345.${cents}`;
const COMPLETED = `$1,234.${cents}`;

let client: TClientAccount;

/** A transaction hash as long as a real one, which the deposit list shows shortened beside its copy button. */
const TRANSFER_HASH = '9f3c2a7b'.repeat(8);

async function declareDeposit(request: APIRequestContext, amount: number, methodId: string) {
  const signIn = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  const { accessToken, user } = (await signIn.json()) as { accessToken: string; user: { id: string } };
  const headers = { authorization: `Bearer ${accessToken}` };
  const res = await request.post('/api/deposit', { headers, data: { user: user.id, amount, depositMethod: methodId } });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { deposit: { id: string } }).deposit.id;
  const given = await request.put(`/api/deposit/reference/${id}`, { headers, data: { reference: TRANSFER_HASH } });
  expect(given.status(), await given.text()).toBe(200);
  return id;
}

test.beforeAll(async ({ request }) => {
  const admin = await adminHeaders(request);
  const { id: methodId } = await newDepositMethod(request);
  client = await registerClient(request);
  for (const [amount, status] of [
    [DECLINED_AMOUNT, 'Declined'],
    [COMPLETED_AMOUNT, 'Completed'],
  ] as const) {
    const id = await declareDeposit(request, amount, methodId);
    const decided = await request.put(`/api/deposit/status/${id}`, { headers: admin, data: { status } });
    expect(decided.status(), await decided.text()).toBe(200);
  }
});

async function useTheme(page: Page, theme: 'dark' | 'light', width: number) {
  await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
  await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
}

for (const theme of ['dark', 'light'] as const) {
  for (const width of [375, 1280]) {
    test(`a declined deposit is not shown as money in, at ${width} px in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme, width);
      await logInAsClient(page, client, true);
      await page.goto('/user/transactions');
      // A list on a phone, a table on a desktop.
      const entry = (amount: string) => page.locator('li:visible, tr:visible').filter({ hasText: amount });
      const declined = entry(DECLINED);
      const completed = entry(COMPLETED);
      await expect(completed.getByText(`+${COMPLETED}`)).toBeVisible();
      await expect(declined.getByText(DECLINED, { exact: true })).toBeVisible();
      await expect(declined.getByText(`+${DECLINED}`)).toHaveCount(0);
      await expect(declined.getByText(DECLINED, { exact: true })).not.toHaveClass(/text-success/);
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);
    });

    test(`Delete is not offered on a record that moved money, and says why, at ${width} px in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme, width);
      await logInAsAdmin(page);
      await page.goto('/admin/deposits');
      // A table row on a desktop, a card on a phone: whichever is shown, of this worker's client (the
      // other worker's has deposits of its own).
      const record = (amount: string) =>
        page
          .locator('[data-testid="record"]:visible, [data-testid="record-card"]:visible')
          .filter({ hasText: client.email })
          .filter({ hasText: amount });
      const keptDelete = record(COMPLETED).getByTestId('record-delete');
      await expect(keptDelete).toBeDisabled();
      await expect(keptDelete).toHaveAccessibleDescription(/This record moved money and is kept/);
      await expect(record(DECLINED).getByTestId('record-delete')).toBeEnabled();
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);
      // Nor does the table scroll inside its frame: Delete, the last column, is in view, in the
      // languages whose words run longest too.
      for (const language of ['en', 'fr', 'ja']) {
        if (language !== 'en') {
          await page.evaluate((code) => localStorage.setItem('meridian.lang', code), language);
          await page.reload();
        }
        const ours = page
          .locator('[data-testid="record"]:visible, [data-testid="record-card"]:visible')
          .filter({ hasText: client.email });
        await expect(ours.first().getByTestId('record-reference')).toHaveText(/^9f3c2a7b…/);
        const table = page.locator('table:visible');
        if (await table.count()) {
          const [scroll, room] = await table.evaluate((t) => [
            t.parentElement?.scrollWidth,
            t.parentElement?.clientWidth,
          ]);
          expect(scroll, `the deposit table in ${language}`).toBeLessThanOrEqual(room as number);
        }
        expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);
      }
    });

    test(`the country list sorts by everyday names, at ${width} px in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme, width);
      await page.goto('/register');
      const country = page.getByLabel('Country');
      await expect(country.getByRole('option', { name: 'China', exact: true })).toHaveCount(1);
      const options = await country.locator('option').allTextContents();
      const at = (name: string) => options.indexOf(name);
      expect(at('China')).toBeGreaterThan(at('Chile'));
      expect(at('China')).toBeLessThan(at('Colombia'));
      expect(options.some((o) => o.startsWith("People's Republic"))).toBe(false);
    });
  }
}
