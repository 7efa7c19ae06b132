import type { TPair } from '@meridian/contracts/market';
import type { TOrder, TOrderAnswer } from '@meridian/contracts/orders';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTwoServers, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { postingsOf } from '../../../../test/helpers/ledger-trail.ts';
import { balancesOf } from '../../../../test/helpers/payout-fixtures.ts';
import { tick, until } from '../../../../test/helpers/position-fixtures.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { orders, positions } from '../../../db/schema/trading.ts';

/**
 * Each pending order ends exactly once (docs/money.md, "Pending orders"): filled, cancelled or
 * expired, whatever happens at the same time. Two servers on one database both receiving the tick
 * that reaches many orders fill each once (one position each); the client's Cancel racing the
 * filling tick at several timings either cancels (margin back, no position) or finds the order
 * filled (409), never both; a server whose index still holds a level the client moved on the other
 * fills nothing on it. Checked from the database and a clean ledger.
 */

const servers = await buildTwoServers({
  MARKET_TICK_MS: 0,
  JOBS_INTERVAL_MS: 86_400_000,
  JWT_SECRET: 'orders-two-servers-secret-0123456789ab',
});
const { a, b } = servers;
// The funding posts as an admin.
await signedInUser(a.app, 'Admin');
afterAll(() => closeAfterLedgerCheck(servers, { ok: true }));

function tickBoth(pair: TPair, mid: number) {
  const time = Date.now();
  tick(a.app, pair, mid, time);
  tick(b.app, pair, mid, time);
}

async function fundedClient(dollars: number): Promise<TSignedIn> {
  const client = await signedInUser(a.app, 'Client');
  await fundClient(a.app, client.id, BigInt(dollars * 100));
  return client;
}

async function placeOn(app: FastifyInstance, client: TSignedIn, body: Record<string, unknown>): Promise<TOrder> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: client.headers,
    payload: { amount: '10.00', leverage: 5, expiration: null, goodUntil: null, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TOrderAnswer>().order;
}

const rowsOf = (ids: string[]) => a.app.db.select().from(orders).where(inArray(orders.id, ids));
const positionsFrom = (ids: string[]) =>
  a.app.db
    .select({ id: positions.id })
    .from(positions)
    .innerJoin(orders, eq(orders.positionId, positions.id))
    .where(inArray(orders.id, ids));

describe('two servers, one tick', () => {
  it('fills each of 40 orders once, one position each, when both servers see the tick', async () => {
    tickBoth('ETH/USD', 3_000);
    const clients = await Promise.all(Array.from({ length: 4 }, () => fundedClient(1_000)));
    const placed: TOrder[] = [];
    for (let i = 0; i < 40; i++) {
      const server = i % 2 === 0 ? a.app : b.app;
      placed.push(
        await placeOn(server, clients[i % 4] as TSignedIn, {
          asset: 'ETH/USD',
          type: 'buy',
          kind: 'limit',
          price: 2_990 - i,
        }),
      );
    }
    await Promise.all([a.app.orders.resync(), b.app.orders.resync()]);
    const before = a.app.orders.stats().settled + b.app.orders.stats().settled;
    tickBoth('ETH/USD', 2_900);
    const ids = placed.map((o) => o.id);
    await until(async () => (await rowsOf(ids)).every((row) => row.status === 'filled'));
    await Promise.all([a.app.orders.settled(), b.app.orders.settled()]);
    expect(a.app.orders.stats().settled + b.app.orders.stats().settled - before).toBe(40);
    expect(await positionsFrom(ids)).toHaveLength(40);
    // Each client: 10 orders of $10, every margin still in trading as a position's.
    for (const client of clients)
      expect(await balancesOf(a.app.db, client.id)).toMatchObject({ balance: 90_000n, trading: 10_000n });
  });

  it('fills nothing on a server whose index holds a level the client has moved on the other, then fills at the new one', async () => {
    tickBoth('SOL/USD', 150);
    const client = await fundedClient(100);
    const order = await placeOn(a.app, client, { asset: 'SOL/USD', type: 'sell', kind: 'limit', price: 155 });
    await b.app.orders.resync();
    const moved = await a.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}`,
      headers: client.headers,
      payload: { price: 160, takeProfit: null, stopLoss: null, goodUntil: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Only B still holds 155.
    tick(b.app, 'SOL/USD', 156);
    await b.app.orders.settled();
    expect((await rowsOf([order.id]))[0]?.status).toBe('pending');
    await b.app.orders.resync();
    tick(b.app, 'SOL/USD', 160.5);
    await until(async () => (await rowsOf([order.id]))[0]?.status === 'filled');
    expect((await rowsOf([order.id]))[0]?.fillPrice).toBe(160.5);
  });
});

describe('cancel racing the filling tick', () => {
  for (const delayMs of [0, 1, 3, 8, 20, 50]) {
    it(`ends the order once with the tick ${delayMs} ms after the cancel`, async () => {
      tickBoth('XRP/USD', 0.6);
      const client = await fundedClient(100);
      const order = await placeOn(a.app, client, { asset: 'XRP/USD', type: 'buy', kind: 'limit', price: 0.59 });
      await b.app.orders.resync();
      const cancelling = b.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/cancel`,
        headers: client.headers,
      });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      tickBoth('XRP/USD', 0.58);
      const res = await cancelling;
      await Promise.all([a.app.orders.settled(), b.app.orders.settled()]);
      const [row] = await rowsOf([order.id]);
      const cancels = await postingsOf(a.app, order.id, 'order.cancel');
      if (res.statusCode === 200) {
        expect(row).toMatchObject({ status: 'cancelled', positionId: null });
        expect(cancels).toBe(1);
        expect(await balancesOf(a.app.db, client.id)).toMatchObject({ balance: 10_000n, trading: 0n });
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(row?.status).toBe('filled');
        expect(cancels).toBe(0);
        expect(await positionsFrom([order.id])).toHaveLength(1);
        expect(await balancesOf(a.app.db, client.id)).toMatchObject({ balance: 9_000n, trading: 1_000n });
      }
      // Tick again: nothing more happens either way.
      tickBoth('XRP/USD', 0.57);
      await Promise.all([a.app.orders.settled(), b.app.orders.settled()]);
      expect(await positionsFrom([order.id])).toHaveLength(row?.status === 'filled' ? 1 : 0);
    });
  }
});
