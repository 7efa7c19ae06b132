import { expect, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsAdmin, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { newDepositMethod } from '../support/methods.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * The admin dashboard's summary cards hold their amounts whole in every language once they run to
 * five figures and more: short ($87.1K), with the exact amount as the tooltip.
 */
test.use({ bypassCSP: true });

const CARDS = ['totalTransactions', 'totalDeposits'] as const;

test('the summary cards write large totals short and whole at 375 and 1280 px, in English, French and Japanese', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const headers = await adminHeaders(request);
  const { id: methodId } = await newDepositMethod(request, { maxAmount: 500_000 });
  const client = await registerClient(request);
  const signIn = await request.post('/api/login', { data: { email: client.email, password: client.password } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const declared = await request.post('/api/deposit', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { user: await clientId(request, client), amount: 87_149.99, depositMethod: methodId },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const id = ((await declared.json()) as { deposit: { id: string } }).deposit.id;
  const done = await request.put(`/api/deposit/status/${id}`, { headers, data: { status: 'Completed' } });
  expect(done.status(), await done.text()).toBe(200);

  await logInAsAdmin(page);
  for (const language of ['en', 'fr', 'ja']) {
    await page.evaluate((code) => localStorage.setItem('meridian.lang', code), language);
    for (const view of VIEWS) {
      await openAt(page, view, '/admin');
      for (const card of CARDS) {
        const value = page.getByTestId(`stat-${card}-value`);
        const exact = value.locator('[title]');
        // The tooltip is the exact amount, cents and all; the figure shown is the short one.
        await expect(exact).toHaveAttribute('title', /\d[\d\s,.]*[.,]\d\d/);
        await expect(exact.locator('[aria-hidden="true"]')).toHaveText(/\d\s?(K|k|M|万|万\s?)/);
        const [scroll, room] = await value.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scroll, `${card} whole in ${language} at ${view.width}`).toBeLessThanOrEqual(room);
      }
      if (language !== 'en') continue;
      expect(await accessibilityViolations(page), `cards at ${view.width} ${view.theme}`).toEqual([]);
    }
  }
});
