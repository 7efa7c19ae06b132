import type { TEquity } from '@meridian/contracts/balances';
import type { TPositionAnswer } from '@meridian/contracts/positions';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import type { TSignedIn } from '../../../../test/helpers/factories.ts';
import { noticesOf } from '../../../../test/helpers/notices.ts';
import { mailsTo } from '../../../../test/helpers/outbox.ts';
import { balancesOf } from '../../../../test/helpers/payout-fixtures.ts';
import { positionRow, tick } from '../../../../test/helpers/position-fixtures.ts';
import { fundedClient } from '../../../../test/helpers/withdrawal-fixtures.ts';

/**
 * The account margin level (docs/money.md, "Margin level"): (cash + margins + unrealised P&L) over
 * the margins in use. Below MARGIN_CALL_LEVEL (100 %) the client is told once per fall; below
 * MARGIN_CLOSE_OUT_LEVEL (50 %) the account's largest losing position closes, one per check, until
 * the level is back above. Prices arrive through the market's own sink; the test runs the check.
 */

const { t, app } = await buildSignedInApp(['Admin'], { MARKET_TICK_MS: 0, JOBS_INTERVAL_MS: 86_400_000 });
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

async function open(client: TSignedIn, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/position',
    headers: client.headers,
    payload: { userId: client.id, expiration: null, amount: '100.00', leverage: 10, type: 'buy', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPositionAnswer>().position;
}

async function equity(client: TSignedIn): Promise<TEquity> {
  const res = await app.inject({ method: 'GET', url: `/api/equity/${client.id}`, headers: client.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TEquity>();
}

const check = () => app.jobs.runNow('margin');
const callsOf = async (client: TSignedIn) =>
  (await noticesOf(app, client.id)).filter((notice) => notice.key === 'marginCall');

describe('margin call', () => {
  it('tells the client once when the level falls below 100 %, and again after it has recovered and falls again', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'ETH/USD', 3_000);
    await open(client, { asset: 'ETH/USD' });
    expect(await equity(client)).toMatchObject({ marginLevel: 100, marginCallLevel: 100, closeOutLevel: 50 });
    await check();
    expect(await callsOf(client)).toHaveLength(0);

    // −0.5 % at 1:10: −$5.00 of a $100.00 margin, no cash: 95 %.
    tick(app, 'ETH/USD', 2_985);
    await check();
    await check();
    const calls = await callsOf(client);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ params: { level: 95, equity: 95, margin: 100 }, link: '/user/positions' });
    expect(await mailsTo(app, client.email, ['Margin call'])).toHaveLength(1);
    expect((await equity(client)).marginLevel).toBe(95);

    tick(app, 'ETH/USD', 3_000);
    await check();
    tick(app, 'ETH/USD', 2_990);
    await check();
    expect(await callsOf(client)).toHaveLength(2);
  });

  it('counts the cash: an account with money beside its margin is not called for the same loss', async () => {
    const client = await fundedClient(app, 200);
    tick(app, 'SOL/USD', 150);
    await open(client, { asset: 'SOL/USD' });
    tick(app, 'SOL/USD', 147);
    await check();
    // (100 + 100 − 20) / 100 = 180 %.
    expect((await equity(client)).marginLevel).toBe(180);
    expect(await callsOf(client)).toHaveLength(0);
  });
});

describe('close-out', () => {
  it('closes the largest losing position below 50 %, one per check, until the level is back above', async () => {
    const client = await fundedClient(app, 200);
    tick(app, 'BNB/USD', 600);
    tick(app, 'XRP/USD', 0.5);
    const bnb = await open(client, { asset: 'BNB/USD' });
    const xrp = await open(client, { asset: 'XRP/USD' });
    // BNB −9 % × 10 = −$90, XRP −2 % × 10 = −$20: (0 + 200 − 110) / 200 = 45 %.
    tick(app, 'BNB/USD', 546);
    tick(app, 'XRP/USD', 0.49);
    await check();
    expect(await positionRow(app, bnb.id)).toMatchObject({
      status: 'closed',
      closeReason: 'margin_close_out',
      exitPrice: 546,
      pnl: -9_000n,
    });
    expect((await positionRow(app, xrp.id)).status).toBe('open');
    const [closedOut] = (await noticesOf(app, client.id)).filter((n) => n.key === 'positionClosedOut');
    expect(closedOut).toMatchObject({ params: { pair: 'BNB/USD', pnl: -90, returned: 10 } });
    // $10 back in cash: (10 + 100 − 20) / 100 = 90 %, still called, nothing more closed.
    await check();
    expect((await positionRow(app, xrp.id)).status).toBe('open');
    expect((await equity(client)).marginLevel).toBe(90);
    expect(await balancesOf(app.db, client.id)).toMatchObject({ balance: 1_000n, trading: 10_000n });
  });

  it('decides nothing for an account holding a pair whose price is stale', async () => {
    const client = await fundedClient(app, 100);
    tick(app, 'GBP/USD', 1.25);
    const position = await open(client, { asset: 'GBP/USD' });
    tick(app, 'GBP/USD', 1.18);
    app.market.status(['GBP/USD'], false);
    await check();
    expect((await positionRow(app, position.id)).status).toBe('open');
    expect(await callsOf(client)).toHaveLength(0);
    tick(app, 'GBP/USD', 1.18);
    await check();
    expect((await positionRow(app, position.id)).closeReason).toBe('margin_close_out');
  });
});
