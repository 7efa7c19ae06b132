import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * News pictures come from our own server (never the provider's hosts), so the page's strict CSP
 * (`img-src 'self'`) lets them load. The stand-in provider (e2e/support/fake-finnhub.ts) gives the
 * first four articles real pictures, the fifth a web page that calls itself a JPEG, the sixth a
 * 6 MB download: those two cards show the placeholder, not a broken image.
 */

const NOT_AN_IMAGE = 'Ether options market prices a calm month ahead';
const OVERSIZED = 'Sterling steady ahead of the central bank meeting';
const OUR_IMAGE = /^\/api\/crypto-news\/images\/[0-9a-f]{32}$/;

/** Every CSP violation the page reports, and every request it sends to another origin. */
async function watch(page: Page, origin: string) {
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (uri: string) => violations.push(`blocked ${uri}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (uri: string) => void }).reportCspViolation(event.blockedURI),
    );
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) {
      elsewhere.push(request.url());
    }
  });
  return { violations, elsewhere };
}

async function expectLoaded(img: Locator) {
  await expect(img).toHaveAttribute('src', OUR_IMAGE);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

/** Scrolls down in steps so the lazily mounted news section comes into view. */
async function scrollToNews(page: Page) {
  const news = page.getByRole('region', { name: 'Market insights' });
  for (let i = 0; i < 12 && !(await news.isVisible()); i++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(150);
  }
  await news.scrollIntoViewIfNeeded();
  return news;
}

for (const width of [375, 1280] as const) {
  for (const theme of ['dark', 'light'] as const) {
    test(`at ${width} px in the ${theme} theme news pictures load from our server, and a bad one shows the placeholder`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
      const seen = await watch(page, new URL(baseURL ?? '').origin);
      await page.goto('/');
      const news = await scrollToNews(page);
      const cards = news.getByRole('article');
      await expect(cards).toHaveCount(6);

      const first = cards.first();
      await expectLoaded(first.locator('img'));
      await page.screenshot({ path: testInfo.outputPath(`news-${width}-${theme}.png`) });

      // The two bad sources: the server answers 404 and the card shows its placeholder.
      const dots = news.getByRole('button', { name: /^Go to slide/ });
      for (const [index, headline] of [
        [4, NOT_AN_IMAGE],
        [5, OVERSIZED],
      ] as const) {
        // The carousel has one stop per position of its window (fewer than cards when it shows 3).
        const stops = await dots.count();
        await dots.nth(Math.min(index, stops - 1)).click();
        const card = cards.filter({ hasText: headline });
        await expect(card).toBeInViewport({ ratio: 0.9 });
        await expect(card.getByTestId('news-image-fallback')).toBeVisible();
        await expect(card.locator('img')).toHaveCount(0);
      }

      // The article page shows the same picture, from the same place.
      await page.goto('/');
      const again = await scrollToNews(page);
      const headline = again.getByRole('article').first().getByRole('heading', { level: 3 });
      const title = await headline.innerText();
      await headline.getByRole('link').click();
      await expect(page).toHaveURL(/\/blog-details$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectLoaded(page.getByRole('article').locator('img'));
      await page.screenshot({ path: testInfo.outputPath(`article-${width}-${theme}.png`) });

      expect(seen.violations).toEqual([]);
      expect(seen.elsewhere).toEqual([]);
    });
  }
}

test('the picture endpoint answers only keys the feed issued', async ({ request }) => {
  const feed = await (await request.get('/api/crypto-news')).json();
  const images: string[] = feed.news.map((item: { image: string }) => item.image);
  expect(images).toHaveLength(6);
  for (const image of images) expect(image).toMatch(OUR_IMAGE);
  const ok = await request.get(images[0] ?? '');
  expect(ok.status()).toBe(200);
  expect(ok.headers()['content-type']).toBe('image/webp');
  expect(ok.headers()['cache-control']).toBe('public, max-age=86400, immutable');
  expect((await request.get(images[4] ?? '')).status()).toBe(404);
  expect((await request.get(images[5] ?? '')).status()).toBe(404);
  expect((await request.get(`/api/crypto-news/images/${'0'.repeat(32)}`)).status()).toBe(404);
  const raw = await request.get(`/api/crypto-news/images/${encodeURIComponent('http://127.0.0.1/img/0.png')}`);
  expect(raw.status()).toBe(400);
});
