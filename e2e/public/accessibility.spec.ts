import { expect, test } from '@playwright/test';
import { accessibilityViolationsOfWholePage } from '../support/axe.ts';

test.use({ bypassCSP: true });

const PAGES = [
  '/',
  '/about',
  '/services',
  '/support',
  '/privacy-policy',
  '/terms',
  '/risk-disclosure',
  '/signup-process',
  '/register',
  // Without a token: the page says where the link is (with one it would spend it).
  '/verify-email',
];

for (const theme of ['dark', 'light'] as const) {
  test(`the public pages meet WCAG 2.1 AA in the ${theme} theme, as axe checks them`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await accessibilityViolationsOfWholePage(page), path).toEqual([]);
    }
  });
}
