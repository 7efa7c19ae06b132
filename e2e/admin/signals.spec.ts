import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders, fundedClient, logInAsAdmin, logInAsClient, type TClientAccount } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { letSignalClose, letSignalOpen, postgresAppURL } from '../support/time.ts';

/**
 * Signals from end to end: an admin creates one through the form, a client joins it before it
 * opens, time passes (e2e/support/time.ts moves its schedule into the past on the PostgreSQL app),
 * and it settles from the stored prices: by the job runner at its closing time, or by the admin from
 * the evidence dialog, which offers only the result the prices give (docs/deviations.md).
 */
test.use({ baseURL: postgresAppURL, bypassCSP: true });

/** How long the job runner (every JOBS_INTERVAL_MS, 10 s) may take to open or settle a signal and the page to show it. */
const JOB_TIMEOUT_MS = 60_000;

interface TJourney {
  width: 375 | 1280;
  /** Where the target sits, against the live price when the signal is created. */
  target: 'far above' | 'just below';
  settledBy: 'job' | 'admin';
}

const JOURNEYS: TJourney[] = [
  // Far above the price: never touched in the window, a loss the job runner settles at closing.
  { width: 375, target: 'far above', settledBy: 'job' },
  // Entry 2% and target 1% below the live price: the price stands above the target in the window's
  // latest minutes, so it is a gain as soon as the signal opens, which the admin settles from the evidence.
  { width: 1280, target: 'just below', settledBy: 'admin' },
];

const viewportOf = (width: number) => ({ width, height: width === 375 ? 812 : 800 });

async function balanceOf(request: APIRequestContext, userId: string) {
  const res = await request.get(`/api/balance/${userId}`, { headers: await adminHeaders(request) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { balance: number; tradingBalance: number; profitBalance: number; totalBalance: number };
}

/** The admin's card of the signal titled `title` on the signal list. */
const signalCard = (page: Page, title: string): Locator =>
  page.getByTestId('admin-signal').filter({ has: page.getByRole('heading', { name: title }) });

/** Reloads the signal list until the card says `text` (the job runner works every 10 seconds). */
async function waitForCard(page: Page, title: string, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(signalCard(page, title)).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: JOB_TIMEOUT_MS });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.round(value * 100) / 100);

/** The admin creates the signal through Create Signal, from Fill Sample Data with the journey's target. */
async function createSignal(page: Page, journey: TJourney, title: string) {
  await page.goto('/admin/create-signal');
  await expect(page.getByRole('heading', { name: 'Create Signal', level: 1 })).toBeVisible();
  const form = page.getByTestId('signal-form');
  // Every field is required, checked before anything is sent.
  await form.getByRole('button', { name: 'Create Signal' }).click();
  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Title is required');
  await expect(form.getByLabel('Trading pair')).toHaveAccessibleDescription('Please select a trading pair');
  await expect(form.getByLabel('Minimum entry (USD)')).toHaveValue('100');

  await form.getByLabel('Trading pair').selectOption('BTC/USD');
  await expect(page.getByTestId('signal-live-price')).toHaveText(/^Live price: [\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: 'Fill Sample Data' }).click();
  await expect(form.getByLabel('Title')).toHaveValue('BTC/USD breakout');
  await expect(form.getByLabel('Expected return (%)')).toHaveValue('5');
  await expect(form.getByLabel('Schedule time')).not.toHaveValue('');
  await expect(form.getByLabel('Closing time')).not.toHaveValue('');
  const price = Number(await form.getByLabel('Entry price').inputValue());
  expect(price).toBeGreaterThan(0);
  expect(Number(await form.getByLabel('Target price').inputValue())).toBeGreaterThan(price);
  expect(await accessibilityViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);

  await form.getByLabel('Title').fill(title);
  if (journey.target === 'far above') {
    await form.getByLabel('Target price').fill((price * 1.5).toFixed(2));
  } else {
    await form.getByLabel('Entry price').fill((price * 0.98).toFixed(2));
    await form.getByLabel('Target price').fill((price * 0.99).toFixed(2));
  }
  await expect(form.getByText('Target above entry: a gain if the price rises to it')).toBeVisible();
  await form.getByRole('button', { name: 'Create Signal' }).click();
  await expect(page.getByText('Signal created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/signal-list$/);
}

/** The client joins the signal with $100 on /user/signals, in a browser of their own. */
async function joinAsClient(browser: Browser, width: number, client: TClientAccount, title: string) {
  const context = await browser.newContext({ viewport: viewportOf(width) });
  const page = await context.newPage();
  await logInAsClient(page, client, true);
  await page.goto('/user/signals');
  const card = page.getByTestId('signal-card').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Join' }).click();
  const dialog = page.getByRole('dialog', { name: `Join ${title}` });
  await dialog.getByLabel('Entry amount').fill('100');
  await expect(dialog.getByTestId('join-expected-profit')).toContainText('$5.00');
  await dialog.getByRole('button', { name: 'Join signal' }).click();
  await expect(page.getByText('Successfully joined signal!').first()).toBeVisible();
  await expect(card).toContainText('Joined');
  await context.close();
}

/** The client's My Signal Trades shows the trade completed with its result, and the dashboard their equity. */
async function expectClientSees(
  browser: Browser,
  width: number,
  client: TClientAccount,
  title: string,
  outcome: { result: 'Gain' | 'Loss'; actual: string; total: string },
) {
  const context = await browser.newContext({ viewport: viewportOf(width) });
  const page = await context.newPage();
  await logInAsClient(page, client, true);
  await expect(page.getByTestId('equity')).toHaveText(outcome.total);
  await page.goto('/user/signal-trades');
  const row = page
    .locator('[data-testid="signal-trade-row"], [data-testid="signal-trade-row-card"]')
    .filter({ visible: true })
    .filter({ hasText: title });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(outcome.result);
  await expect(row).toContainText(outcome.actual);
  await expectNoSidewaysScroll(page);
  await context.close();
}

for (const journey of JOURNEYS) {
  test(`at ${journey.width} px an admin creates a signal, a client joins, and it settles as the prices say (${journey.settledBy})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const title = `E2E signal ${randomBytes(3).toString('hex').toUpperCase()}`;
    const client = await fundedClient(request, 1000);

    await page.setViewportSize(viewportOf(journey.width));
    // Both themes with data on screen: the phone in the light one, the desktop in the dark one (axe checks both).
    await page.addInitScript(
      (theme) => localStorage.setItem('meridian.theme', theme),
      journey.width === 375 ? 'light' : 'dark',
    );
    await logInAsAdmin(page);
    await createSignal(page, journey, title);
    const card = signalCard(page, title);
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('Not settled');
    await expect(card.getByTestId('signal-participants')).toHaveText('0');
    await expect(card.getByRole('button', { name: /Settle/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await joinAsClient(browser, journey.width, client, title);
    expect(await balanceOf(request, client.id)).toMatchObject({ balance: 900, tradingBalance: 100 });
    await page.reload();
    await expect(card.getByTestId('signal-participants')).toHaveText('1');
    await expect(card).toContainText('$100.00');

    // Time passes: the signal opened 30 minutes ago; the job runner makes it active.
    expect(await letSignalOpen(title)).toBe(1);
    await waitForCard(page, title, 'Active');
    await card.getByRole('button', { name: /Settle/ }).click();
    const dialog = page.getByRole('dialog', { name: `Settle “${title}”` });
    await expect(dialog.getByTestId('signal-evidence')).toBeVisible();
    await expect(dialog).toContainText('Highest price reached');
    await expect(dialog.getByTestId('evidence-candles')).toHaveText(/^\d+$/);
    expect(Number(await dialog.getByTestId('evidence-candles').textContent())).toBeGreaterThan(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    if (journey.settledBy === 'admin') {
      // Touched: a gain already; only "Settle as Gain" is offered.
      await expect(dialog.getByTestId('evidence-touched')).toContainText('Touched at');
      await expect(dialog.getByTestId('evidence-result')).toHaveText('Gain');
      await expect(dialog.getByRole('button', { name: 'Settle as Loss' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Settle as Gain' }).click();
      await expect(page.getByText('Signal marked as gain').first()).toBeVisible();
      await expect(dialog).toBeHidden({ timeout: 10_000 });
      await expect(card).toContainText('Completed');
      await expect(card).toContainText('Gain');
    } else {
      // Not touched and still open: nothing decides it yet, and nothing is offered.
      await expect(dialog.getByTestId('evidence-touched')).toHaveText('Not touched');
      await expect(dialog.getByTestId('settle-explanation')).toContainText('The target has not been touched yet');
      await expect(dialog.getByTestId('settle-submit')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      // Its closing time passes; the job runner settles it from the candles: a loss.
      expect(await letSignalClose(title)).toBe(1);
      await waitForCard(page, title, 'Loss');
      await expect(card).toContainText('Completed');
      await expect(card.getByRole('button', { name: /Settle/ })).toHaveCount(0);
    }

    // The evidence it was settled on stays with it.
    const stored = card.getByTestId('signal-stored-evidence');
    await stored.getByText(/Price evidence/).click();
    await expect(stored.getByTestId('evidence-result')).toHaveText(journey.settledBy === 'admin' ? 'Gain' : 'Loss');
    await expectNoSidewaysScroll(page);

    const gain = journey.settledBy === 'admin';
    expect(await balanceOf(request, client.id)).toMatchObject(
      gain ? { balance: 1000, tradingBalance: 0, profitBalance: 5 } : { balance: 900, tradingBalance: 0 },
    );
    await expectClientSees(browser, journey.width, client, title, {
      result: gain ? 'Gain' : 'Loss',
      actual: gain ? '+$5.00' : '-$100.00',
      total: usd(gain ? 1005 : 900),
    });
  });
}
