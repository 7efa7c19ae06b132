import { expect, type Page, test } from '@playwright/test';

/**
 * The home page's first screen on a young platform (the end-to-end run starts on a fresh database):
 * live prices in the hero, and no band of zero figures, at a phone's width and a laptop's, in both
 * themes.
 */

/** Layout shifts so far (the figure behind Core Web Vitals' CLS), read from the browser. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as PerformanceEntry[] & { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

for (const width of [375, 1280] as const) {
  for (const theme of ['dark', 'light'] as const) {
    test(`at ${width} px in the ${theme} theme the hero shows live prices and no figure reads 0`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
      const statsAnswer = page.waitForResponse((res) => res.url().endsWith('/api/public/stats'));
      await page.goto('/');
      if (theme === 'light') await expect(page.locator('html')).not.toHaveClass(/dark/);
      else await expect(page.locator('html')).toHaveClass(/dark/);

      // Live prices in the hero: the 10 pairs, each with a price, and the prices move.
      const hero = page.locator('div', { has: page.getByRole('region', { name: 'Highlights' }) }).last();
      const prices = hero.getByRole('region', { name: 'Prices now' });
      await expect(prices).toBeVisible();
      await expect(prices.getByTestId('hero-quote')).toHaveCount(10);
      await expect(prices.getByTestId('hero-quote').first()).toContainText('BTC/USD');
      await expect(prices.getByTestId('hero-quote').first()).toContainText(/\d{1,3}(,\d{3})*\.\d{2}/);
      await expect(prices.getByText('Simulated market data')).toBeVisible();
      const before = await prices.getByTestId('hero-quote').allInnerTexts();
      await expect
        .poll(async () => (await prices.getByTestId('hero-quote').allInnerTexts()).join('|'), { timeout: 5_000 })
        .not.toBe(before.join('|'));

      const heading = await page.getByRole('heading', { level: 1 }).first().boundingBox();
      const card = await prices.boundingBox();
      if (!heading || !card) throw new Error('the hero is not laid out');
      if (width === 1280) {
        // The right half, beside the headline, within the first screen.
        expect(card.x).toBeGreaterThan(heading.x + heading.width);
        expect(card.y + card.height).toBeLessThan(900);
      } else {
        // Under the slides, the page's full width less its margins.
        expect(card.y).toBeGreaterThan(heading.y + heading.height);
        expect(card.width).toBeGreaterThan(width - 48);
      }

      // The platform is minutes old with a handful of accounts: no figure is worth showing, so the
      // band is not there at all (and nowhere reads "0").
      expect((await statsAnswer).status()).toBe(200);
      await page.waitForTimeout(300);
      await expect(page.getByRole('region', { name: 'The platform in figures' })).toHaveCount(0);
      for (const label of ['Client accounts', 'Countries served', 'Hours online', 'Days online']) {
        await expect(page.getByText(label, { exact: true })).toHaveCount(0);
      }

      // Nothing moved as the prices arrived, and nothing pushes the page sideways.
      expect(await layoutShift(page)).toBeLessThan(0.01);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.screenshot({ path: testInfo.outputPath(`hero-${width}-${theme}.png`) });
    });
  }
}
