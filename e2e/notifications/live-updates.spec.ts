import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminHeaders, clientId, logInAsClient, registerClient, type TClientAccount } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

// axe goes into the page as an inline script.
test.use({ bypassCSP: true });

async function signedInPage(browser: Browser, client: TClientAccount): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, bypassCSP: true });
  const page = await context.newPage();
  // Remembered, so each view may open its page by address (a full page load).
  await logInAsClient(page, client, true);
  return page;
}

/** Marks the page: the mark survives anything but a reload. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { liveMark: true }));
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);

test('balances and the bell follow an admin’s changes without a reload, on the client’s page only', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const alice = await registerClient(request);
  const bob = await registerClient(request);
  const aliceId = await clientId(request, alice);
  const headers = await adminHeaders(request);

  const page = await signedInPage(browser, alice);
  const other = await signedInPage(browser, bob);
  await other.goto('/user');
  await expect(other.getByTestId('equity')).toHaveText('$0.00');
  // The order form reads his balance for itself once its code has come: that first read is not a refetch.
  await expect(other.getByTestId('position-available')).toContainText('$0.00');
  // Bob's page must not so much as refetch his balance or his messages while Alice's change.
  const otherReads: string[] = [];
  other.on('request', (req) => {
    if (/\/api\/(balance|equity|inappmessage)\//.test(req.url())) otherReads.push(req.url());
  });

  let credited = 0;
  let messages = 0;
  // Each credit brings its notice to the bell too.
  let notices = 0;
  const credit = async (api: APIRequestContext) => {
    const res = await api.post(`/api/user/fund/${aliceId}`, { headers, data: { amount: 10, reason: 'Wire received' } });
    expect(res.status(), await res.text()).toBe(200);
    credited += 10;
    notices += 1;
  };
  const message = async (api: APIRequestContext) => {
    const res = await api.post('/api/inappmessage', {
      headers,
      data: { receiver: aliceId, subject: `Live ${messages + 1}`, message: 'Your statement is ready.' },
    });
    expect(res.status(), await res.text()).toBe(201);
    messages += 1;
    notices += 1;
  };

  for (const view of VIEWS) {
    // The overview: equity and the bell.
    await openAt(page, view, '/user');
    await expect(page.getByTestId('equity')).toHaveText(`$${credited}.00`);
    await mark(page);
    await credit(request);
    await expect(page.getByTestId('equity')).toHaveText(`$${credited}.00`);
    await message(request);
    await expect(page.getByTestId('notification-count')).toHaveText(notices > 9 ? '9+' : String(notices));
    expect(await stillMarked(page), 'the overview was not reloaded').toBe(true);
    expect(await accessibilityViolations(page), `overview at ${view.width} ${view.theme}`).toEqual([]);

    // The balance page.
    await openAt(page, view, '/user/balance');
    await page.getByRole('button', { name: 'Show amounts' }).click();
    await expect(page.getByTestId('equity')).toContainText(`$${credited}.00`);
    await mark(page);
    await credit(request);
    await expect(page.getByTestId('equity')).toContainText(`$${credited}.00`);
    expect(await stillMarked(page), 'the balance page was not reloaded').toBe(true);
    await page.screenshot({ path: test.info().outputPath(`balance-${view.width}-${view.theme}.png`) });
    expect(await accessibilityViolations(page), `balance page at ${view.width} ${view.theme}`).toEqual([]);
  }

  // Bob's page has not changed, nor asked again.
  await expect(other.getByTestId('equity')).toHaveText('$0.00');
  await expect(other.getByTestId('notification-count')).toBeHidden();
  expect(otherReads).toEqual([]);
});
