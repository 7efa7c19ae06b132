import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders, fundedClient, logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';
import { newDepositMethod } from '../support/methods.ts';

/**
 * The client and admin areas at a phone's and a desktop's width, in both themes: no page scrolls
 * sideways, page titles are readable in full (not cut off with an ellipsis), and the sidebar column
 * runs to the bottom of a long page. The pages are the ones the sidebar links to.
 */

/** The name of each area's sidebar navigation, in English. */
const NAVIGATION = { client: 'Client area', admin: 'Admin area' } as const;
type TArea = keyof typeof NAVIGATION;

const LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'ja', 'pt', 'ru'] as const;

/** Waits for the page to be drawn with its data (no loading state left). */
async function settle(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The links of a sidebar navigation (on screen at a desktop width), with their labels. */
async function linksOf(navigation: Locator): Promise<Array<{ path: string; label: string }>> {
  await expect(navigation).toBeVisible();
  const links = await navigation.getByRole('link').evaluateAll((anchors) =>
    anchors.map((a) => ({
      path: new URL((a as HTMLAnchorElement).href).pathname,
      // The label only, not what follows it (the KYC entry's "verification required" dot).
      label: a.querySelector('span')?.textContent?.trim() ?? '',
    })),
  );
  expect(links.length).toBeGreaterThan(5);
  return links;
}

/** Nothing pushes the page sideways (once charts have followed a change of the window's width). */
async function expectNoSideScroll(page: Page, where: string) {
  const overflow = () =>
    page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - window.innerWidth;
    });
  await expect.poll(overflow, { message: `${where} scrolls sideways`, timeout: 5000 }).toBeLessThanOrEqual(0);
}

/**
 * No table scrolls inside its frame either: every column, the row's buttons last, is in view. A
 * table for screen readers only, in a 1-pixel box that clips it (a chart's figures), is not read.
 */
async function expectWholeTables(page: Page, where: string) {
  const cut = await page.locator('table:visible').evaluateAll((tables) =>
    tables
      .filter((table) => {
        const frame = table.parentElement;
        if (frame === null || frame.getBoundingClientRect().width <= 1) return false;
        return frame.scrollWidth > frame.clientWidth + 0.5;
      })
      .map((table) => `${table.querySelector('caption')?.textContent ?? 'a table'}: ${table.scrollWidth} px`),
  );
  expect(cut, `${where}: tables wider than their frame`).toEqual([]);
}

/**
 * The top bar's title (client area) and the page's heading are whole: nothing of them is cut off,
 * and the top bar's title cannot be (no ellipsis or line clamp, inside the bar). A heading may be
 * styled to shorten a long name (a client's, say) as long as it does not have to.
 */
async function expectReadableTitles(page: Page, where: string) {
  const titles = page.locator('[data-testid="page-title"]:visible, main h1:visible');
  expect(await titles.count(), `${where} has a title`).toBeGreaterThan(0);
  const cut = await titles.evaluateAll((elements) =>
    elements
      .filter((element) => {
        if (element.scrollWidth > element.clientWidth) return true;
        if (element.getAttribute('data-testid') !== 'page-title') return false;
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        const bar = element.closest('header')?.getBoundingClientRect();
        return (
          style.textOverflow === 'ellipsis' ||
          style.webkitLineClamp !== 'none' ||
          !bar ||
          box.bottom > bar.bottom + 0.5 ||
          box.top < bar.top - 0.5
        );
      })
      .map((element) => element.textContent),
  );
  expect(cut, `${where}: titles cut off`).toEqual([]);
}

/**
 * On a page taller than the window, scrolled to the bottom: the sidebar column (the box holding the
 * navigation, 256 px wide) reaches the bottom of the window, and its background runs the page's
 * whole length (so a full-page capture or an overscroll shows no gap under it). False when the page
 * is not that long.
 */
async function expectFullHeightSidebar(page: Page, area: TArea, where: string): Promise<boolean> {
  const nav = page.getByRole('navigation', { name: NAVIGATION[area] });
  // Scrolled to the very bottom (again, should the page grow as it scrolls).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        window.scrollTo({ top: root.scrollHeight, behavior: 'instant' });
        return root.scrollHeight - Math.ceil(window.scrollY + window.innerHeight);
      }),
    )
    .toBeLessThanOrEqual(0);
  const found = await nav.evaluate((element) => {
    let column: Element = element;
    while (column.parentElement && column.parentElement.getBoundingClientRect().width <= 257)
      column = column.parentElement;
    const root = document.scrollingElement ?? document.documentElement;
    const box = column.getBoundingClientRect();
    return {
      long: root.scrollHeight > window.innerHeight + 100,
      bottom: box.bottom,
      pageTop: box.top + window.scrollY,
      height: box.height,
      innerHeight: window.innerHeight,
      scrollHeight: root.scrollHeight,
    };
  });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  if (!found.long) return false;
  expect(found.bottom, `${where}: the sidebar stops above the window's bottom`).toBeGreaterThanOrEqual(
    found.innerHeight - 0.5,
  );
  expect(found.pageTop + found.height, `${where}: the sidebar column is shorter than the page`).toBeGreaterThanOrEqual(
    found.scrollHeight - 0.5,
  );
  return true;
}

for (const theme of ['dark', 'light'] as const) {
  for (const area of ['client', 'admin'] as const) {
    test(`every ${area} page fits 375 and 1280 px in the ${theme} theme: no sideways scroll, whole titles, a full-height sidebar`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const client = await registerClient(request);
      await page.addInitScript((value) => localStorage.setItem('meridian.theme', value), theme);
      await page.setViewportSize({ width: 1280, height: 720 });
      if (area === 'client') await logInAsClient(page, client, true);
      else await logInAsAdmin(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      const links = await linksOf(page.getByRole('navigation', { name: NAVIGATION[area] }));
      let longPages = 0;
      for (const { path } of links) {
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.goto(path);
        await settle(page);
        await expectNoSideScroll(page, `${path} at 1280 px`);
        await expectReadableTitles(page, `${path} at 1280 px`);
        if (await expectFullHeightSidebar(page, area, `${path} at 1280 px`)) longPages += 1;
        await page.setViewportSize({ width: 375, height: 740 });
        await settle(page);
        await expectNoSideScroll(page, `${path} at 375 px`);
        await expectReadableTitles(page, `${path} at 375 px`);
      }
      // At least one page was long enough to show the sidebar running to the bottom.
      expect(longPages).toBeGreaterThan(0);
    });
  }
}

test('page titles are readable in full at 375 px in every language, the longest ones included', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const client = await registerClient(request);
  for (const area of ['client', 'admin'] as const) {
    await page.setViewportSize({ width: 1280, height: 720 });
    if (area === 'client') await logInAsClient(page, client, true);
    else await logInAsAdmin(page);
    for (const language of LANGUAGES) {
      await page.evaluate((value) => localStorage.setItem('meridian.lang', value), language);
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The sidebar, named in this language: the first navigation (the page may hold tabs).
      const links = await linksOf(page.getByRole('navigation').first());
      // The pages whose names (their titles) are longest in this language.
      const longest = [...links].sort((a, b) => b.label.length - a.label.length).slice(0, 3);
      await page.setViewportSize({ width: 375, height: 740 });
      for (const { path, label } of longest) {
        await page.goto(path);
        await settle(page);
        const where = `${path} in ${language} ("${label}")`;
        await expectNoSideScroll(page, where);
        await expectReadableTitles(page, where);
      }
    }
    await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
  }
});

test('the admin’s money lists keep every column in view at 1280 px with long plan names, in every language', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // An investment in a plan with a long name, and a credit: the rows that ran widest.
  const admin = await adminHeaders(request);
  const tag = Date.now().toString(36);
  const plan = await request.post('/api/investmentplan', {
    headers: admin,
    data: {
      name: `Balanced Growth Portfolio ${tag}`,
      interest: 12.5,
      duration: 30,
      noOfTimes: 2,
      minAmount: 100,
      maxAmount: 50_000,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { investmentPlan: { id: string } }).investmentPlan.id;
  // $12,345.67 in two credits, each under the four-eyes threshold (docs/money.md, "Four-eyes approval").
  const client = await fundedClient(request, 6_000);
  const more = await request.post(`/api/user/fund/${client.id}`, {
    headers: admin,
    data: { amount: 6_345.67, reason: 'Journey funding' },
  });
  expect((await more.json()).message).toBe('Credit successful');
  const invested = await request.post('/api/investment/invest-from-balance', {
    headers: client.bearer,
    data: { amount: 10_250.5, user: client.id, investmentPlan: planId },
  });
  expect(invested.status(), await invested.text()).toBe(201);
  // And a deposit with its transfer hash, which the deposit list shows.
  const { id: depositMethod } = await newDepositMethod(request);
  const declared = await request.post('/api/deposit', {
    headers: client.bearer,
    data: { user: client.id, amount: 23_456.78, depositMethod },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const deposit = ((await declared.json()) as { deposit: { id: string } }).deposit.id;
  const hash = await request.put(`/api/deposit/reference/${deposit}`, {
    headers: client.bearer,
    data: { reference: '7c1e9a0b'.repeat(8) },
  });
  expect(hash.status(), await hash.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 720 });
  await logInAsAdmin(page);
  for (const language of LANGUAGES) {
    await page.evaluate((code) => localStorage.setItem('meridian.lang', code), language);
    for (const path of ['/admin/transactions', '/admin/investments', '/admin/deposits']) {
      await page.goto(path);
      await settle(page);
      await expect(page.locator('table:visible')).toHaveCount(1);
      await expectNoSideScroll(page, `${path} in ${language}`);
      await expectWholeTables(page, `${path} in ${language}`);
    }
  }
});
