import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, logInAsClient, registerClient } from '../support/accounts.ts';
import { accessibilityViolations } from '../support/axe.ts';
import { openAt, VIEWS } from '../support/views.ts';

/**
 * The account header (docs/money.md, "Equity" and "Profit"): a client's equity counts the money they
 * put into plans and signals, its parts are one press away, withdrawable stands apart, and realised
 * profit is the same figure on every screen that shows it, an operator's credit left out of it.
 */

// The accessibility check injects axe into the page.
test.use({ bypassCSP: true });

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.round(value * 100) / 100);
/** A result as the page writes it: "+$1.23", "-$1.23", "$0.00". */
const signedUsd = (value: number) => (value > 0 ? `+${usd(value)}` : value < 0 ? `-${usd(-value)}` : usd(0));

/** The answer of a set-up call that must succeed with `status`. */
async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

type TId = { id: string };

/** History rows as the view shows them: table rows from `md` up, cards below. */
const historyRows = (page: Page) =>
  page.locator('[data-testid="transaction-row"], [data-testid="transaction-row-card"]').filter({ visible: true });

test('a client who deposited $1,500 and put $650 into plans and signals sees it all in their equity, and one realised profit', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminHeaders(request);
  const tag = randomBytes(3).toString('hex').toUpperCase();

  // The operator's deposit method, plan and a signal opening tomorrow.
  const { depositMethod } = await ok<{ depositMethod: TId }>(
    await request.post('/api/depositmethod', {
      headers: admin,
      data: {
        name: `USDT ${tag}`,
        value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        description: 'Tether',
        minAmount: 10,
        maxAmount: 50_000,
      },
    }),
    201,
  );
  const { investmentPlan } = await ok<{ investmentPlan: TId }>(
    await request.post('/api/investmentplan', {
      headers: admin,
      data: { name: `Equity ${tag}`, interest: 10, duration: 7, noOfTimes: 1, minAmount: 100, maxAmount: 10_000 },
    }),
    201,
  );
  const { quotes } = (await (await request.get('/api/market/quotes')).json()) as {
    quotes: { pair: string; mid: number }[];
  };
  const btc = quotes.find((quote) => quote.pair === 'BTC/USD')?.mid ?? 60_000;
  const tomorrow = Date.now() + 24 * 3600_000;
  const { signal } = await ok<{ signal: TId }>(
    await request.post('/api/signal/create', {
      headers: admin,
      data: {
        title: `Equity call ${tag}`,
        description: 'A call on BTC',
        asset: 'BTC/USD',
        entryPrice: Number(btc.toFixed(2)),
        targetPrice: Number((btc * 1.5).toFixed(2)),
        percentageReturn: 5,
        minEntryAmount: 100,
        scheduleTime: new Date(tomorrow).toISOString(),
        closingTime: new Date(tomorrow + 3600_000).toISOString(),
      },
    }),
    201,
  );

  // The client deposits $1,500 (the admin completes it), puts $500 into the plan and $150 into the signal.
  const client = await registerClient(request);
  const login = await ok<{ user: TId; accessToken: string }>(
    await request.post('/api/login', { data: { email: client.email, password: client.password } }),
  );
  const id: string = login.user.id;
  const bearer = { authorization: `Bearer ${login.accessToken}` };
  const { deposit } = await ok<{ deposit: TId }>(
    await request.post('/api/deposit', {
      headers: bearer,
      data: { amount: 1500, depositMethod: depositMethod.id, user: id },
    }),
    201,
  );
  await ok(await request.put(`/api/deposit/status/${deposit.id}`, { headers: admin, data: { status: 'Completed' } }));
  await ok(
    await request.post('/api/investment/invest-from-balance', {
      headers: bearer,
      data: { amount: 500, user: id, investmentPlan: investmentPlan.id },
    }),
    201,
  );
  await ok(await request.post(`/api/signal/${signal.id}/join`, { headers: bearer, data: { entryAmount: 150 } }), 201);

  // A 1:10 position opened and closed at once: its result, whatever the market gives, is realised profit.
  const opened = await ok<{ position: TId }>(
    await request.post('/api/position', {
      headers: bearer,
      data: { asset: 'BTC/USD', amount: 100, leverage: 10, expiration: 30, type: 'buy', userId: id },
    }),
    201,
  );
  const { position: closed } = await ok<{ position: { isLoss: boolean; loss: number; profit: number } }>(
    await request.post(`/api/position/${opened.position.id}/close`, { headers: bearer }),
  );
  const pnl = closed.isLoss ? -closed.loss : closed.profit;

  // The operator credits $25.00 to the profit balance: not profit earned.
  await ok(
    await request.post(`/api/trade/profit/${id}`, { headers: admin, data: { amount: 25, reason: 'Welcome credit' } }),
  );

  const cash = 1500 - 650 + pnl + 25;
  const equity = cash + 650;

  await logInAsClient(page, client, true);
  for (const view of VIEWS) {
    await test.step(`${view.width} px, ${view.theme}`, async () => {
      // Dashboard: equity with the plan and the signal in it; its parts one press away; withdrawable apart.
      await openAt(page, view, '/user');
      const header = page.getByTestId('account-header');
      await expect(header.getByRole('heading', { name: 'Equity' })).toBeVisible();
      await expect(header.getByTestId('equity')).toHaveText(usd(equity));
      await expect(header.getByTestId('withdrawable')).toContainText(`Available to withdraw${usd(cash)}`);
      await expect(header.getByTestId('realised-profit')).toHaveText(`Realised profit ${signedUsd(pnl)}`);
      const toggle = header.getByRole('button', { name: 'What makes up equity' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(header.getByTestId('part-invested')).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(header.getByTestId('part-cash')).toContainText(usd(cash));
      await expect(header.getByTestId('part-invested')).toContainText('In investment plans$500.00');
      await expect(header.getByTestId('part-stakes')).toContainText('In signals$150.00');
      await expect(header.getByTestId('part-margin')).toContainText('$0.00');
      await expect(header.getByTestId('part-total')).toContainText(usd(equity));
      await page.screenshot({ path: test.info().outputPath(`dashboard-${view.width}-${view.theme}.png`) });
      expect(await accessibilityViolations(page), `dashboard at ${view.width} ${view.theme}`).toEqual([]);

      // Balance page: the same header, hidden until shown; Total Profits is the same realised profit,
      // the positions' part of it, and the operator's credit apart.
      await openAt(page, view, '/user/balance');
      await expect(page.getByTestId('equity')).toContainText('Hidden');
      await page.getByRole('button', { name: 'Show amounts' }).click();
      await expect(page.getByTestId('equity')).toHaveText(usd(equity));
      await expect(page.getByTestId('breakdown-deposit')).toContainText('$1,500.00');
      await expect(page.getByTestId('breakdown-profit')).toContainText(`Total Profits${signedUsd(pnl)}`);
      await expect(page.getByTestId('profit-positions')).toContainText(signedUsd(pnl));
      await expect(page.getByTestId('profit-total')).toContainText(signedUsd(pnl));
      await expect(page.getByTestId('profit-credits')).toContainText('$25.00');
      await page.screenshot({ path: test.info().outputPath(`balance-${view.width}-${view.theme}.png`) });
      expect(await accessibilityViolations(page), `balance page at ${view.width} ${view.theme}`).toEqual([]);

      // Positions: the same figure as Net P&L.
      await page.getByTestId('profit-positions').getByRole('link', { name: 'From closed positions' }).click();
      await expect(page).toHaveURL(/\/user\/positions$/);
      await expect(page.getByTestId('summary-net')).toContainText(signedUsd(pnl));
    });
  }

  // The credit reads as what it is in the client's history.
  await page.goto('/user/transactions');
  await expect(historyRows(page).filter({ hasText: 'Profit balance credit' })).toHaveCount(1);
});
