import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders } from '../support/accounts.ts';
import { E2E_RATING, E2E_TESTIMONIALS } from '../support/content.ts';

/**
 * The name of a plan of the operator's, made once per worker: the plans section shows only real
 * plans, and none are seeded, so without one it is not there at all.
 */
let homePlan: Promise<string> | undefined;
function aPlan(request: APIRequestContext): Promise<string> {
  homePlan ??= (async () => {
    const name = `Home ${randomBytes(3).toString('hex').toUpperCase()}`;
    const res = await request.post('/api/investmentplan', {
      headers: await adminHeaders(request),
      data: { name, interest: 15, duration: 30, noOfTimes: 1, minAmount: 100, maxAmount: 10_000 },
    });
    expect(res.status(), await res.text()).toBe(201);
    return name;
  })();
  return homePlan;
}

/** Page width fits the viewport: nothing pushes the page sideways. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Scrolls to the bottom in steps so every lazily mounted section comes into view. */
async function scrollThrough(page: Page) {
  for (let y = 0; y < 12; y++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(150);
  }
}

test('the live market table shows the 10 pairs, labelled simulated, and a price changes within 3 s', async ({
  page,
}) => {
  await page.goto('/');
  await scrollThrough(page);
  const market = page.getByRole('region', { name: 'Live markets' });
  await market.scrollIntoViewIfNeeded();
  await expect(market.getByTestId('quote-row')).toHaveCount(10);
  await expect(market.getByText('Simulated market data').first()).toBeVisible();
  // Said once on the screen (the badge); the table's caption says it to screen readers only.
  await expect(market.locator('p', { hasText: 'Simulated market data' })).toHaveCount(1);
  await expect(market.locator('caption')).toHaveClass(/sr-only/);

  const bids = market.getByTestId('bid');
  const before = await bids.allInnerTexts();
  await expect.poll(async () => (await bids.allInnerTexts()).join('|'), { timeout: 3000 }).not.toBe(before.join('|'));
  await expect(market.getByTestId('btc-chart').locator('canvas').first()).toBeVisible();
});

test('the hero moves on to the next slide after 6 s', async ({ page }) => {
  await page.goto('/');
  const active = page.locator('[data-testid="hero-slide"][data-active="true"]');
  await expect(active.getByRole('heading', { level: 1 })).toHaveText('Trade and invest with clear rules');
  // The pointer rests outside the hero, so nothing pauses it.
  await page.mouse.move(5, 700);
  await expect(active.getByRole('heading', { level: 1 })).toHaveText(
    'Fixed-term plans, with every date shown upfront',
    {
      timeout: 8000,
    },
  );
});

test('plans lead to registration and VIP terms to support', async ({ page, request }) => {
  const name = await aPlan(request);
  await page.goto('/');
  const plans = page.getByRole('region', { name: 'Investment plans' });
  await expect(plans.getByRole('heading', { name })).toBeVisible();
  await plans.getByRole('link', { name: 'Ask about VIP terms' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await page.goBack();
  await page
    .getByRole('region', { name: 'Investment plans' })
    .getByRole('link', { name: 'Get Started' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/register$/);
});

for (const [width, visible] of [
  [1280, 3],
  [375, 1],
] as const) {
  test(`the news carousel shows ${visible} article(s) at a time at ${width} px, each opening its page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await scrollThrough(page);
    const news = page.getByRole('region', { name: 'Market insights' });
    await news.scrollIntoViewIfNeeded();
    const headlines = news.getByRole('heading', { level: 3 });
    await expect(headlines).toHaveCount(6);
    for (let i = 0; i < visible; i++) await expect(headlines.nth(i)).toBeInViewport();
    await expect(headlines.nth(visible)).not.toBeInViewport();
    await news.getByRole('button', { name: 'Next slide' }).click();
    await expect(headlines.nth(visible)).toBeInViewport();

    const shown = headlines.nth(visible);
    const title = await shown.innerText();
    await shown.getByRole('link').click();
    await expect(page).toHaveURL(/\/blog-details$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('Example Wire').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read on Example Wire' })).toHaveAttribute(
      'href',
      /^https:\/\/news\.example\.com\/articles\//,
    );
  });
}

for (const width of [360, 375, 1280]) {
  test(`the home page fits a ${width} px screen, market table included`, async ({ page, request }) => {
    const name = await aPlan(request);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await scrollThrough(page);
    const market = page.getByRole('region', { name: 'Live markets' });
    await expect(market.getByTestId('quote-row')).toHaveCount(10);
    await expect(market.getByRole('row', { name: /BTC\/USD/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Investment plans' }).getByRole('heading', { name })).toBeVisible();
    await expectNoSideScroll(page);
  });
}

test('in Japanese and the light theme the whole home page is translated', async ({ page, request }) => {
  const plan = await aPlan(request);
  await page.addInitScript(() => {
    localStorage.setItem('meridian.lang', 'ja');
    localStorage.setItem('meridian.theme', 'light');
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('明確なルールで取引と投資を');
  await scrollThrough(page);
  await expect(page.getByRole('region', { name: 'リアルタイム相場' }).getByTestId('quote-row')).toHaveCount(10);
  await expect(page.getByText('シミュレーションによる市場データ').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'マーケットインサイト' }).getByRole('heading', { level: 3 }),
  ).toHaveCount(6);
  // The plans' cards too: their words, not the plan's name, which is the operator's.
  await expect(page.getByRole('region', { name: '投資プラン' }).getByRole('heading', { name: plan })).toBeVisible();
  // An untranslated key shows as its dotted path, e.g. "plans.getStarted".
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b[a-z]+(\.[a-z][A-Za-z]+){1,}\b/);
  for (const english of ['Investment plans', 'Get Started', 'Risk disclosure', 'Live markets']) {
    expect(text).not.toContain(english);
  }
});

test('in Japanese the Log in modal, loaded on demand, speaks Japanese down to the server error', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('meridian.lang', 'ja'));
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'ログイン' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'アカウントにログイン' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'ログイン' }).click();
  await expect(dialog.getByText('メールアドレスを入力してください')).toBeVisible();
  await dialog.getByLabel('メールアドレス').fill('nobody@example.com');
  await dialog.getByLabel('パスワード', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'ログイン' }).click();
  await expect(dialog.getByText('メールアドレスまたはパスワードが正しくありません')).toBeVisible();
});

for (const [width, visible] of [
  [1280, 2],
  [375, 1],
] as const) {
  test(`the testimonials carousel shows ${visible} at a time at ${width} px and moves on by itself`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await scrollThrough(page);
    const carousel = page.getByRole('region', { name: 'Client testimonials' });
    await carousel.scrollIntoViewIfNeeded();
    const quotes = carousel.locator('blockquote');
    await expect(quotes).toHaveCount(E2E_TESTIMONIALS.length);
    await expect(quotes.first()).toContainText(E2E_TESTIMONIALS[0]?.quote ?? '');
    await expect(carousel.getByText(E2E_TESTIMONIALS[0]?.consentNote ?? '').first()).toBeVisible();
    for (let i = 0; i < visible; i++) await expect(quotes.nth(i)).toBeInViewport({ ratio: 0.9 });
    await expect(quotes.nth(visible)).not.toBeInViewport({ ratio: 0.9 });
    // Every 6 s it moves on, with no one touching it.
    await page.mouse.move(0, 0);
    await expect(quotes.nth(visible)).toBeInViewport({ ratio: 0.9, timeout: 9_000 });

    const rating = page.getByRole('region', { name: 'Rating' });
    await expect(rating).toContainText('Rated 4.6 out of 5 from 128 reviews on');
    await expect(rating.getByRole('link', { name: E2E_RATING.source })).toHaveAttribute('href', E2E_RATING.url);
  });
}

test('the home page works from the keyboard: skip link, hero controls, the chat button and back', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // The hero holds still while focus is inside it; its controls answer Enter. It may have moved on
  // by itself before focus arrived, so the slide after the one showing then is expected.
  const hero = page.getByRole('region', { name: 'Highlights' });
  const active = hero.locator('[data-testid="hero-slide"][data-active="true"]');
  await hero.getByRole('button', { name: 'Next slide' }).focus();
  const shown = Number((await active.getAttribute('aria-label'))?.match(/^Slide (\d) of 3$/)?.[1]);
  await page.keyboard.press('Enter');
  await expect(active).toHaveAttribute('aria-label', `Slide ${(shown % 3) + 1} of 3`);

  const chat = page.getByRole('button', { name: 'Chat with support' });
  await chat.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(chat).toBeFocused();

  await page.getByRole('region', { name: 'Highlights' }).getByRole('link', { name: 'Learn More' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
});

test('without a news provider the home page says so, and with the provider down it says the news failed', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${process.env.E2E_NO_NEWS_PORT}/`);
  await scrollThrough(page);
  const off = page.getByRole('region', { name: 'Market insights' });
  await expect(off.getByText('Market news is not configured')).toBeVisible();
  await expect(off.getByRole('heading', { level: 3 })).toHaveCount(0);

  await page.goto(`http://127.0.0.1:${process.env.E2E_NEWS_DOWN_PORT}/`);
  await scrollThrough(page);
  const down = page.getByRole('region', { name: 'Market insights' });
  await expect(down.getByText('Failed to load market insights')).toBeVisible();
  // The rest of the page does not depend on the news.
  await expect(page.getByRole('region', { name: 'Live markets' }).getByTestId('quote-row')).toHaveCount(10);
});

test('the Log in and Sign up modals, loaded on demand, start with focus in their first field', async ({ page }) => {
  await page.goto('/');
  // Each form's code and words load on the first click: on a busy two-core machine that took more
  // than the usual 10 s.
  const onDemand = { timeout: 30_000 };
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).first().click();
  const login = page.getByRole('dialog', { name: 'Log in to your account' });
  await expect(login.getByLabel('Email')).toBeFocused(onDemand);
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).first().click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await expect(register.getByLabel('First name')).toBeFocused(onDemand);
});
