import type { TPair } from '@meridian/contracts/market';
import type { TPosition, TPositionAnswer } from '@meridian/contracts/positions';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTwoServers, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { closePostingsOf, positionRow, tick } from '../../../../test/helpers/position-fixtures.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { positions } from '../../../db/schema/trading.ts';

/**
 * Each position closes exactly once (docs/money.md, "Positions"), whatever closes it at the same
 * time: the client's Close, an admin's Close at market and a stop-out or take-profit racing on one
 * position; and two servers on one database both receiving the same tick and both running expiry,
 * including a server whose index still holds a level the client has changed on the other. Checked
 * from the database: one `position.close` posting per position and a clean ledger.
 */

// One signing key, as servers behind one load balancer share: a session works on either.
const servers = await buildTwoServers({
  MARKET_TICK_MS: 0,
  JOBS_INTERVAL_MS: 86_400_000,
  JWT_SECRET: 'positions-two-servers-secret-0123456789',
});
const { a, b } = servers;
const admin = await signedInUser(a.app, 'Admin');
afterAll(() => closeAfterLedgerCheck(servers, { ok: true }));

/** The same price arrives at both servers at once, as one upstream feeds both. */
function tickBoth(pair: TPair, mid: number) {
  const time = Date.now();
  tick(a.app, pair, mid, time);
  tick(b.app, pair, mid, time);
}

async function fundedClient(app: FastifyInstance, dollars: number): Promise<TSignedIn> {
  const client = await signedInUser(app, 'Client');
  await fundClient(app, client.id, BigInt(dollars * 100));
  return client;
}

async function openOn(app: FastifyInstance, client: TSignedIn, body: Record<string, unknown>): Promise<TPosition> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/position',
    headers: client.headers,
    payload: { userId: client.id, expiration: 60, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TPositionAnswer>().position;
}

/** Positions of several clients, opened half on each server. */
async function openMany(count: number, body: Record<string, unknown>): Promise<TPosition[]> {
  const clients = await Promise.all(Array.from({ length: 4 }, () => fundedClient(a.app, 10_000)));
  const opened: TPosition[] = [];
  for (let i = 0; i < count; i++) {
    const server = i % 2 === 0 ? a.app : b.app;
    opened.push(await openOn(server, clients[i % clients.length] as TSignedIn, body));
  }
  return opened;
}

async function expectClosedOnce(ids: string[]) {
  const rows = await a.app.db.select().from(positions).where(inArray(positions.id, ids));
  expect(rows.every((row) => row.status === 'closed')).toBe(true);
  for (const id of ids) expect(await closePostingsOf(a.app, id)).toBe(1);
  return rows;
}

/**
 * The client's Close and the admin's Close at market of one position sent together (in the order
 * `order` picks) on `app`, while `level` (the tick that reaches its level) arrives at once or a little
 * later; answers how many closes were answered 200, after checking the other was refused 409.
 */
async function raceCloses(
  app: FastifyInstance,
  client: TSignedIn,
  positionId: string,
  order: number,
  level: () => void,
): Promise<number> {
  const clientClose = () =>
    app.inject({ method: 'POST', url: `/api/position/${positionId}/close`, headers: client.headers });
  const adminClose = () =>
    app.inject({
      method: 'POST',
      url: `/api/position/close-at-market/${positionId}`,
      headers: admin.headers,
      payload: { reason: 'Race check' },
    });
  const reaching = async () => {
    if (order > 0) await new Promise((resolve) => setTimeout(resolve, [0, 1, 3, 6, 10, 20][order]));
    level();
  };
  const requests = order % 2 === 0 ? [clientClose(), adminClose()] : [adminClose(), clientClose()];
  const [first, second] = await Promise.all([...requests, reaching()]);
  const answered = [first, second].filter((res) => res?.statusCode === 200).length;
  const refused = [first, second].filter((res) => res?.statusCode === 409).length;
  expect(answered + refused).toBe(2);
  return answered;
}

describe('one position, three closes at once', () => {
  it.each([0, 1, 2, 3, 4, 5])('closes once: client, admin and a stop-out racing (timing %i)', async (order) => {
    const app = a.app;
    const client = await fundedClient(app, 1_000);
    tick(app, 'BTC/USD', 50_000);
    const position = await openOn(app, client, { asset: 'BTC/USD', amount: '100.00', leverage: 10, type: 'buy' });
    // The crossing tick arrives at once, or a little later, while the requests are on their way.
    const answered = await raceCloses(app, client, position.id, order, () => tick(app, 'BTC/USD', 44_000));
    await app.exits.settled();

    const row = await positionRow(app, position.id);
    expect(answered + (row.closeReason === 'stop_out' ? 1 : 0)).toBe(1);
    expect(row.status).toBe('closed');
    // A request that read the price before the tick closed at 50,000.00 (no change); any later, past the stop.
    expect(row.pnl).toBe(row.exitPrice === 44_000 ? -10_000n : 0n);
    expect(await closePostingsOf(app, position.id)).toBe(1);
    tick(app, 'BTC/USD', 50_000);
  });
});

describe('one position, a take-profit and two closes at once', () => {
  it.each([0, 1, 2, 3, 4, 5])('closes once: client, admin and the take-profit racing (timing %i)', async (order) => {
    const app = order % 2 === 0 ? a.app : b.app;
    const client = await fundedClient(a.app, 1_000);
    tickBoth('GBP/USD', 1.25);
    const position = await openOn(a.app, client, {
      asset: 'GBP/USD',
      amount: '100.00',
      leverage: 10,
      type: 'buy',
      takeProfit: 1.3,
    });
    await b.app.exits.resync();
    const answered = await raceCloses(app, client, position.id, order, () => tickBoth('GBP/USD', 1.3125));
    await Promise.all([a.app.exits.settled(), b.app.exits.settled()]);

    const row = await positionRow(a.app, position.id);
    expect(answered + (row.closeReason === 'take_profit' ? 1 : 0)).toBe(1);
    expect(row.status).toBe('closed');
    // Closed before the tick at 1.25 (nothing made), or after it at 1.3125: +5 % × 10 = +$50.00.
    expect(row.pnl).toBe(row.exitPrice === 1.3125 ? 5_000n : 0n);
    expect(await closePostingsOf(a.app, position.id)).toBe(1);
  });
});

describe('two servers on one database', () => {
  it('close each position once at its take-profit or stop-loss when both receive the tick', async () => {
    tickBoth('XRP/USD', 0.6);
    const buys = await openMany(20, { asset: 'XRP/USD', amount: '20.00', leverage: 5, type: 'buy', takeProfit: 0.62 });
    const sells = await openMany(20, { asset: 'XRP/USD', amount: '20.00', leverage: 5, type: 'sell', stopLoss: 0.615 });
    await Promise.all([a.app.exits.resync(), b.app.exits.resync()]);
    tickBoth('XRP/USD', 0.625);
    await Promise.all([a.app.exits.settled(), b.app.exits.settled()]);
    const rows = await expectClosedOnce([...buys, ...sells].map((p) => p.id));
    // +4.1666…% × 5 of $20.00 = ±$4.17.
    expect(rows.filter((r) => r.closeReason === 'take_profit' && r.pnl === 417n)).toHaveLength(20);
    expect(rows.filter((r) => r.closeReason === 'stop_loss' && r.pnl === -417n)).toHaveLength(20);
  });

  it('close nothing on a level the client has changed on the other server, and the new level once', async () => {
    tickBoth('USD/CHF', 0.9);
    const client = await fundedClient(a.app, 1_000);
    const position = await openOn(a.app, client, {
      asset: 'USD/CHF',
      amount: '100.00',
      leverage: 10,
      type: 'sell',
      stopLoss: 0.905,
    });
    await b.app.exits.resync();
    // Moved on server A; B's index still holds 0.905 until its next sync.
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/position/${position.id}/protection`,
      headers: client.headers,
      payload: { takeProfit: null, stopLoss: 0.91 },
    });
    expect(res.statusCode, res.body).toBe(200);
    tickBoth('USD/CHF', 0.906);
    await Promise.all([a.app.exits.settled(), b.app.exits.settled()]);
    expect((await positionRow(a.app, position.id)).status).toBe('open');
    // B's next sync reads the changed level (its levels_set_at), and both then close it once, at 0.91.
    await b.app.exits.resync();
    tickBoth('USD/CHF', 0.91);
    await Promise.all([a.app.exits.settled(), b.app.exits.settled()]);
    const [row] = await expectClosedOnce([position.id]);
    expect(row).toMatchObject({ closeReason: 'stop_loss', exitPrice: 0.91 });
  });

  it('close each stopped-out position once when both receive the crossing tick', async () => {
    tickBoth('ETH/USD', 3_000);
    const opened = await openMany(40, { asset: 'ETH/USD', amount: '100.00', leverage: 10, type: 'buy' });
    // Each server learns the other's positions from the database.
    await Promise.all([a.app.exits.resync(), b.app.exits.resync()]);
    const before = a.app.exits.stats().settled + b.app.exits.stats().settled;
    tickBoth('ETH/USD', 2_690);
    await Promise.all([a.app.exits.settled(), b.app.exits.settled()]);

    const rows = await expectClosedOnce(opened.map((p) => p.id));
    expect(rows.every((row) => row.closeReason === 'stop_out' && row.exitPrice === 2_690)).toBe(true);
    expect(a.app.exits.stats().settled + b.app.exits.stats().settled - before).toBe(40);
  });

  it('expire each position once when both run expiry together', async () => {
    tickBoth('SOL/USD', 150);
    const opened = await openMany(40, { asset: 'SOL/USD', amount: '10.00', leverage: 1, type: 'sell' });
    const ids = opened.map((p) => p.id);
    await a.app.db
      .update(positions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(positions.id, ids));
    tickBoth('SOL/USD', 147);
    const [onA, onB] = await Promise.all([a.app.jobs.runNow('positions'), b.app.jobs.runNow('positions')]);
    expect(onA + onB).toBe(40);
    const rows = await expectClosedOnce(ids);
    // A sell, SOL −2 %: +2 % of $10.00 = +20¢ each.
    expect(rows.every((row) => row.closeReason === 'expired' && row.pnl === 20n)).toBe(true);
  });

  it('close each position once when expiry and stop-outs run on both at the same time', async () => {
    tickBoth('BNB/USD', 600);
    const opened = await openMany(40, { asset: 'BNB/USD', amount: '50.00', leverage: 5, type: 'sell' });
    const ids = opened.map((p) => p.id);
    await Promise.all([a.app.exits.resync(), b.app.exits.resync()]);
    await a.app.db
      .update(positions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(positions.id, ids));
    // Through the sells' stop-out (720.00) while both servers expire them.
    tickBoth('BNB/USD', 730);
    await Promise.all([a.app.jobs.runNow('positions'), b.app.jobs.runNow('positions')]);
    await Promise.all([a.app.exits.settled(), b.app.exits.settled()]);
    const rows = await expectClosedOnce(ids);
    // Whichever closed it, the loss is the whole margin: +21.67 % × 5 is past it.
    expect(rows.every((row) => row.pnl === -5_000n)).toBe(true);
    expect(new Set(rows.map((row) => row.closeReason))).not.toContain('client');
  });
});
