import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

test.use({ bypassCSP: true });

/** What the section says in each language the journey reads: its title, the plan's return, its term. */
const LANGUAGES = [
  { lang: 'en', title: 'Investment plans', interest: /^23\.75%$/, returnOver: 'Total return over 14 days' },
  { lang: 'fr', title: 'Plans d’investissement', interest: /^23,75\s%$/, returnOver: 'Rendement total sur 14 jours' },
] as const;

async function expectNoSideScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Makes a plan with a name and a return no marketing tier ever had, so its card can only come from the API. */
async function makePlan(request: APIRequestContext) {
  const name = `Aurora ${randomBytes(3).toString('hex').toUpperCase()}`;
  const res = await request.post('/api/investmentplan', {
    headers: await adminHeaders(request),
    data: { name, interest: 23.75, duration: 14, noOfTimes: 2, minAmount: 250, maxAmount: 12_500 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return name;
}

// One test per language: the four views with their accessibility checks took more than a minute for
// both languages together on a busy machine.
for (const words of LANGUAGES) {
  test(`the home page shows the plan an admin made, with its own return, at every width and theme, in ${words.lang}`, async ({
    page,
    request,
  }) => {
    const name = await makePlan(request);
    await page.goto('/');
    await page.evaluate((lang) => localStorage.setItem('meridian.lang', lang), words.lang);
    for (const view of VIEWS) {
      const where = `${words.lang} ${view.width} px ${view.theme}`;
      await openAt(page, view, '/');
      const plans = page.getByRole('region', { name: words.title });
      const card = plans.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name }) });
      await card.scrollIntoViewIfNeeded();
      await expect(card, where).toBeVisible();
      await expect(card.getByTestId('plan-interest'), where).toHaveText(words.interest);
      await expect(card, where).toContainText(words.returnOver);
      // None of the invented tiers' figures or words.
      await expect(plans, where).not.toContainText(/\b80\s?%/);
      await expect(plans, where).not.toContainText(/Target return|Rendement visé|Most popular/);
      await expectNoSideScroll(page, where);
      expect(await accessibilityViolations(page), where).toEqual([]);
    }
  });
}

test('a plan card on the home page leads to sign-up', async ({ page, request }) => {
  const name = await makePlan(request);
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Investment plans' })
    .getByTestId('plan-card')
    .filter({ has: page.getByRole('heading', { name }) })
    .getByRole('link', { name: 'Get Started' })
    .click();
  await expect(page).toHaveURL(/\/register$/);
});
