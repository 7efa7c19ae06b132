import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { fundedClient, logInAsClient, type TFundedClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openPositionFor } from '../support/positions.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * A position's chart, in real Chromium against the real server: a client's BTC/USD buy with a
 * take-profit and a stop-loss (opened through the API) shows on its page as live candles with its
 * entry, take-profit, stop-loss and stop-out as lines, named in the chart's label. The client drags
 * the stop-loss line down with the mouse to a new level: the server keeps it and the page shows it.
 * Dragged above the price it is refused there and goes back; Escape puts a dragged line back too.
 * The chart keeps each line's height in `data-<line>-y`, which the journey reads instead of guessing.
 */
test.use({ bypassCSP: true });

/** A BTC/USD price as the page writes it in English ("50,123.45"). */
const shown = (value: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
const cents = (value: number) => Math.round(value * 100) / 100;

interface TApiPosition {
  status: string;
  entryPrice: number;
  stopOutPrice: number | null;
  takeProfit: number | null;
  stopLoss: number | null;
}

async function positionOf(request: APIRequestContext, trader: TFundedClient, id: string): Promise<TApiPosition> {
  const res = await request.get(`/api/position/${id}`, { headers: trader.bearer });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TApiPosition;
}

async function btcMid(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/market/quotes');
  const { quotes } = (await res.json()) as { quotes: { pair: string; mid: number }[] };
  const mid = quotes.find((quote) => quote.pair === 'BTC/USD')?.mid;
  if (!mid) throw new Error('no BTC/USD quote');
  return mid;
}

/** A line's height on the chart (CSS pixels from its top), as the chart writes it once drawn. */
async function lineY(chart: Locator, line: 'entry' | 'tp' | 'sl' | 'stopout'): Promise<number> {
  await expect(chart).toHaveAttribute(`data-${line}-y`, /^-?\d+$/);
  return Number(await chart.getAttribute(`data-${line}-y`));
}

/** Where on the page a line of the chart is: a third of the way across, at its height. */
async function pointOn(chart: Locator, line: 'tp' | 'sl'): Promise<{ x: number; y: number }> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no box');
  return { x: box.x + box.width / 3, y: box.y + (await lineY(chart, line)) };
}

/** The line is back at the point it was taken from (give or take a pixel of the scale following new prices). */
async function expectLineAt(chart: Locator, line: 'tp' | 'sl', point: { y: number }) {
  await expect.poll(async () => Math.abs((await pointOn(chart, line)).y - point.y)).toBeLessThanOrEqual(3);
}

/** The cursor the page shows at a point (the chart's own elements inherit the box's). */
const cursorAt = (page: Page, point: { x: number; y: number }) =>
  page.evaluate(({ x, y }) => {
    const element = document.elementFromPoint(x, y);
    return element ? getComputedStyle(element).cursor : '';
  }, point);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

// Both widths and both themes: 1280 px in the dark theme, 375 px in the light one.
for (const view of [VIEWS[2], VIEWS[1]] as const) {
  test(`at ${view.width} px (${view.theme}) a client drags the stop-loss line on the position's chart: a valid level is saved, one above the price refused`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const trader = await fundedClient(request, 1000);
    // A buy at 1:5 (its stop-out 20 % below), its take-profit 3 % above the price and its stop-loss
    // 2 % below: the price's moves in the meantime change nothing that matters.
    const mid = await btcMid(request);
    const takeProfit = cents(mid * 1.03);
    const stopLoss = cents(mid * 0.98);
    const id = await openPositionFor(request, trader, { leverage: 5, takeProfit, stopLoss });
    const opened = await positionOf(request, trader, id);
    expect(opened).toMatchObject({ status: 'open', takeProfit, stopLoss });

    const saves: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'PUT' && sent.url().endsWith(`/api/position/${id}/protection`)) saves.push(sent.url());
    });
    await logInAsClient(page, trader, true);
    await openAt(page, view, `/user/positions/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy BTC/USD at 1:5' })).toBeVisible();

    // The chart of its pair, drawn, with its levels named for a screen reader, and the hint to drag.
    const section = page.getByRole('region', { name: 'BTC/USD, 1-minute candles' });
    const chart = section.getByTestId('position-chart');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart).toHaveAttribute('role', 'img');
    await expect(chart).toHaveAccessibleName(
      new RegExp(
        `^BTC/USD price chart, last price [\\d,]+\\.\\d{2}, entry ${shown(opened.entryPrice)}, ` +
          `take-profit ${shown(takeProfit)}, stop-loss ${shown(stopLoss)}, and stop-out ${shown(opened.stopOutPrice ?? 0)}$`,
      ),
    );
    await expect(section.getByTestId('position-chart-hint')).toHaveText('Drag the TP or SL line to change it');
    // Take-profit above the entry, the stop-loss below it (y grows downwards).
    const entryY = await lineY(chart, 'entry');
    expect(await lineY(chart, 'tp')).toBeLessThan(entryY);
    expect(await lineY(chart, 'sl')).toBeGreaterThan(entryY);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the position’s page with its chart').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`chart-${view.width}-${view.theme}.png`) });

    // Over the stop-loss line the cursor says it can be dragged; away from it, it does not.
    const from = await pointOn(chart, 'sl');
    await page.mouse.move(from.x, from.y - 40);
    expect(await cursorAt(page, { x: from.x, y: from.y - 40 })).not.toBe('ns-resize');
    await page.mouse.move(from.x, from.y);
    await expect.poll(() => cursorAt(page, from)).toBe('ns-resize');

    // Dragged 30 px down: the label says the new level and what the position would make there.
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 30, { steps: 6 });
    const label = page.getByTestId('chart-drag-label');
    await expect(label).toBeVisible();
    await expect(label).toContainText(/^SL [\d,]+\.\d{2}-\$\d+\.\d{2} if reached$/);
    await page.screenshot({ path: test.info().outputPath(`dragging-${view.width}-${view.theme}.png`) });
    await page.mouse.up();
    await expect(page.getByText('Take-profit and stop-loss saved')).toBeVisible();
    await expect(label).toBeHidden();

    // The server has the new stop-loss (lower, still above the stop-out) and the take-profit as it was.
    await expect.poll(async () => (await positionOf(request, trader, id)).stopLoss).not.toBe(stopLoss);
    const moved = await positionOf(request, trader, id);
    const newStopLoss = moved.stopLoss ?? 0;
    expect(moved.takeProfit).toBe(takeProfit);
    expect(newStopLoss).toBeLessThan(stopLoss);
    expect(newStopLoss).toBeGreaterThan(opened.stopOutPrice ?? 0);
    expect(Number.isInteger(Math.round(newStopLoss * 100))).toBe(true);
    await expect(page.getByTestId('position-stop-loss')).toContainText(shown(newStopLoss));
    await expect(chart).toHaveAccessibleName(new RegExp(`stop-loss ${shown(newStopLoss)}, `));
    expect(saves).toHaveLength(1);
    await expect(page.getByText('Take-profit and stop-loss saved')).toBeHidden({ timeout: 15_000 });

    // Dragged up to the take-profit, above the price: refused on the page, nothing sent, and it goes back.
    const again = await pointOn(chart, 'sl');
    const above = await pointOn(chart, 'tp');
    await page.mouse.move(again.x, again.y);
    await page.mouse.down();
    await page.mouse.move(above.x, above.y, { steps: 8 });
    await expect(label).toContainText(/^SL [\d,]+\.\d{2}\+\$\d+\.\d{2} if reached$/);
    await page.mouse.up();
    await expect(section.getByRole('alert')).toHaveText(
      'Stop-loss not changed: For a buy, the stop-loss must be below the current price',
    );
    await expectLineAt(chart, 'sl', again);
    expect((await positionOf(request, trader, id)).stopLoss).toBe(newStopLoss);
    await expect(page.getByTestId('position-stop-loss')).toContainText(shown(newStopLoss));
    expect(saves).toHaveLength(1);
    await expectNoSidewaysScroll(page);
    expect(await accessibilityViolations(page), 'the refusal under the chart').toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`refused-${view.width}-${view.theme}.png`) });

    // Escape during a drag puts the line back, and nothing is sent.
    const before = await pointOn(chart, 'sl');
    await page.mouse.move(before.x, before.y);
    await page.mouse.down();
    await page.mouse.move(before.x, before.y + 20, { steps: 4 });
    await expect(label).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(label).toBeHidden();
    await page.mouse.up();
    await expectLineAt(chart, 'sl', before);
    expect(saves).toHaveLength(1);
    expect((await positionOf(request, trader, id)).stopLoss).toBe(newStopLoss);

    if (view.width !== 375) return;
    // On a phone a finger drags it (a touch's pointer events), and the page does not scroll meanwhile.
    await expect(section.getByRole('alert')).toBeVisible();
    const touched = await pointOn(chart, 'sl');
    const scrolled = await page.evaluate(() => window.scrollY);
    const touch = await page.context().newCDPSession(page);
    const finger = (type: 'touchStart' | 'touchMove', y: number) =>
      touch.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x: touched.x, y }] });
    await finger('touchStart', touched.y);
    for (let step = 1; step <= 5; step++) await finger('touchMove', touched.y + step * 5);
    await expect(label).toBeVisible();
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByText('Take-profit and stop-loss saved')).toBeVisible();
    await expect.poll(async () => (await positionOf(request, trader, id)).stopLoss ?? 0).toBeLessThan(newStopLoss);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // A level saved clears the refusal shown before.
    await expect(section.getByRole('alert')).toHaveCount(0);
    expect(saves).toHaveLength(2);
  });
}
