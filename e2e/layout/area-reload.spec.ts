import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { logInAsAdmin, logInAsClient, registerClient } from '../support/accounts.ts';

/**
 * A reload of the client or admin area with a remembered session: the area's frame (top bar and
 * sidebar) comes first, with the page's loading state inside it (not a full-window splash), while
 * the page's code is still on its way; every word of the frame is already in the reader's
 * language.
 */

const LOCALES = new URL('../../apps/web/src/i18n/locales/', import.meta.url);

/** Every string of a locale file, flattened. */
function strings(language: string, namespace: string): string[] {
  const walk = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Object.values(value as Record<string, unknown>).flatMap(walk);
  return walk(JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8')));
}

/** English words of the frame's namespaces that German says differently: none may show in German. */
const ENGLISH_ONLY = new Set(
  ['shell', 'common'].flatMap((namespace) => {
    const german = new Set(strings('de', namespace));
    return strings('en', namespace).filter((text) => !german.has(text) && !text.includes('{{'));
  }),
);
const GERMAN_SHELL = JSON.parse(readFileSync(new URL('de/shell.json', LOCALES), 'utf8')) as {
  nav: Record<string, string>;
  admin: { nav: Record<string, string> };
};

/** Holds back the scripts whose address matches `files` until `release` is called. */
async function holdCode(page: Page, files: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(files, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds back the code of the area's first page (`overview-*.js`, the chunk of both areas' overview). */
const holdOverviewCode = (page: Page) => holdCode(page, /\/assets\/overview-[\w-]+\.js$/);

/** Every text, accessible name and label of the frame (the page inside it shows only its loading state). */
async function frameTexts(page: Page): Promise<string[]> {
  return page.locator('[data-area-frame]').evaluate((frame) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of frame.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

async function expectFrameInGerman(page: Page, navigation: string, labels: string[]) {
  const sidebar = page.getByRole('navigation', { name: navigation });
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  // The page's loading state, inside the frame's content region; no splash over the window.
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Wird geladen...');
  await expect(page.getByTestId('splash')).toHaveCount(0);

  // Each entry's label (its first part: the KYC entry may carry a "verification required" dot).
  const links = await sidebar
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((a) => a.querySelector('span')?.textContent?.trim() ?? ''));
  expect(links.length).toBeGreaterThan(5);
  for (const link of links) expect(labels, `sidebar entry "${link}"`).toContain(link);
  const texts = await frameTexts(page);
  // No raw key ("nav.overview", "shell:logout.button") and no English left over.
  expect(texts.filter((text) => /^[a-z]+([.:][a-zA-Z]+)+$/.test(text))).toEqual([]);
  expect(texts.filter((text) => ENGLISH_ONLY.has(text))).toEqual([]);
}

test('a reload of the client area shows its frame in German at once, the page loading inside it', async ({
  page,
  request,
}) => {
  const client = await registerClient(request);
  await logInAsClient(page, client, true);
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'de'));
  const release = await holdOverviewCode(page);
  await page.reload({ waitUntil: 'commit' });

  await expectFrameInGerman(page, GERMAN_SHELL.nav.client ?? '', Object.values(GERMAN_SHELL.nav));
  await expect(page.getByTestId('page-title')).toHaveText(GERMAN_SHELL.nav.overview ?? '');

  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Willkommen zurück, ${client.firstname}`),
  );
  await expect(page.getByRole('main').getByTestId('page-loading')).toHaveCount(0);
});

test('a reload of the admin area shows its frame in German at once, the page loading inside it', async ({ page }) => {
  await logInAsAdmin(page);
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'de'));
  const release = await holdOverviewCode(page);
  await page.reload({ waitUntil: 'commit' });

  await expectFrameInGerman(page, GERMAN_SHELL.nav.admin ?? '', Object.values(GERMAN_SHELL.admin.nav));

  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    GERMAN_SHELL.admin.nav.overview ?? '',
  );
});

test('a reload restores a remembered session with one request, made while the app’s code is still on its way', async ({
  page,
  request,
}) => {
  const client = await registerClient(request);
  await logInAsClient(page, client, true);
  const refreshes: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/refresh') refreshes.push(sent.method());
  });
  // The app shell (`shell-*.js`, everything the entry imports) does not arrive until the session is back.
  const release = await holdCode(page, /\/assets\/shell-[\w-]+\.js$/);
  const restored = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/refresh');
  await page.reload({ waitUntil: 'commit' });
  expect((await restored).status()).toBe(200);

  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Welcome back, ${client.firstname}`),
  );
  // The app took that answer rather than asking again with a cookie the first request had rotated.
  expect(refreshes).toEqual(['GET']);
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Welcome back, ${client.firstname}`),
  );
});
