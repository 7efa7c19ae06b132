import { expect, type Locator, type Page, test } from '@playwright/test';
import { fundedClient, logInAsAdmin, logInAsClient } from '../support/accounts.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * The floating buttons cover nothing a person came to read: on a phone the support chat waits until
 * the page is scrolled (in the first screen it sat on the home page's prices), and the end of every
 * page of both areas clears the back-to-top button.
 */
const PHONES = VIEWS.filter((view) => view.width === 375);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Scrolled to the very end: the page's last content ends above the back-to-top button. Polled, as
 * the parts of a page that load when near the screen lengthen it while it scrolls.
 */
async function expectEndClearsBackToTop(page: Page) {
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      if (!(await backToTop.isVisible())) return 'no back-to-top button';
      const button = await box(backToTop);
      const end = await page.evaluate(
        () => document.querySelector('main')?.lastElementChild?.getBoundingClientRect().bottom ?? Number.NaN,
      );
      return end <= button.y ? 'clear' : `the page ends at ${end}, the button starts at ${button.y}`;
    })
    .toBe('clear');
}

for (const view of PHONES) {
  test(`on a phone in the ${view.theme} theme the home page's prices are not covered, and the chat comes once scrolled`, async ({
    page,
  }) => {
    await page.goto('/');
    await openAt(page, view, '/');
    const chat = page.getByRole('button', { name: 'Chat with support' });
    await expect(page.getByText('Prices now')).toBeVisible();
    await expect(chat).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect(chat).toBeVisible();
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await expect(backToTop).toBeVisible();
    expect(overlaps(await box(backToTop), await box(chat))).toBe(false);
    await chat.click();
    await expect(page.getByRole('dialog', { name: 'Contact us' })).toBeVisible();
  });
}

test('on a desktop the chat button is there from the first screen', async ({ page }) => {
  await page.goto('/');
  await openAt(page, VIEWS[2], '/');
  await expect(page.getByRole('button', { name: 'Chat with support' })).toBeVisible();
});

test('the end of the client’s and the admin’s dashboards clears the back-to-top button, on a phone and a desktop', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const client = await fundedClient(request, 250);
  await logInAsClient(page, client, true);
  for (const view of [VIEWS[0], VIEWS[3]]) {
    await openAt(page, view, '/user');
    await expect(page.getByTestId('account-header')).toBeVisible();
    await expectEndClearsBackToTop(page);
  }
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  for (const view of [VIEWS[1], VIEWS[2]]) {
    await openAt(admin, view, '/admin');
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
    await expectEndClearsBackToTop(admin);
  }
  await adminContext.close();
});
