import { expect, test } from '@playwright/test';
import { accessibilityViolations } from '../support/axe.ts';

test.use({ bypassCSP: true });

const PAGES = ['/', '/about', '/services', '/support', '/privacy-policy', '/signup-process', '/register'];

for (const theme of ['dark', 'light'] as const) {
  test(`the public pages meet WCAG 2.1 AA in the ${theme} theme, as axe checks them`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Bring in the sections that mount as the reader nears them, then let them settle.
      for (let y = 0; y < 12; y++) await page.mouse.wheel(0, 900);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(800);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });
}
