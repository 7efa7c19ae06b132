import { MARKET_PAIRS, type TPair } from '@meridian/contracts/market';
import type { TOrder } from '@meridian/contracts/orders';
import type { TPositionType } from '@meridian/contracts/position-terms';
import type { TPosition } from '@meridian/contracts/positions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inAppMessages } from '../../src/db/schema/messages.ts';
import { positions, priceAlerts } from '../../src/db/schema/trading.ts';
import { placeOrder } from '../../src/modules/trading/orders/orders.service.ts';
import { openPosition } from '../../src/modules/trading/positions/positions.service.ts';
import { postingsOf } from './ledger-trail.ts';
import { ensureBalance } from './withdrawal-fixtures.ts';

/**
 * Positions as a precondition, opened through the positions service (the margin moves balance →
 * trading at the market's current price), not written by hand; prices arriving through the market's
 * own sink, as a feed delivers them; and reading a position's money trail.
 */

/** COMMISSION_BPS as a test gives it: these pairs' rates (basis points), none on the others. */
export function commissionRates(rates: Partial<Record<TPair, number>>): Record<TPair, number> {
  return Object.fromEntries(MARKET_PAIRS.map((pair) => [pair, rates[pair] ?? 0])) as Record<TPair, number>;
}

/** A price for `pair` arrives now (or at `time`), with bid = ask = `mid`. */
export function tick(app: FastifyInstance, pair: TPair, mid: number, time = Date.now()): void {
  app.market.ticks([{ pair, bid: mid, ask: mid, time, source: 'simulated' }]);
}

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function positionRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(positions).where(eq(positions.id, id));
  if (!row) throw new Error(`no position ${id}`);
  return row;
}

/** The `position.close` postings of a position: a position closed twice would have 2. */
export function closePostingsOf(app: FastifyInstance, id: string): Promise<number> {
  return postingsOf(app, id, 'position.close');
}

/** A client's in-app messages, newest first. */
export function messagesOf(app: FastifyInstance, userId: string) {
  return app.db
    .select()
    .from(inAppMessages)
    .where(eq(inAppMessages.receiverId, userId))
    .orderBy(sql`${inAppMessages.createdAt} desc`);
}

/** A price arrives for `pair` now when its last one has gone stale (the feed's own sink, as a feed delivers it). */
export function ensureFreshPrice(app: FastifyInstance, pair: TPair): void {
  if (app.market.priceNow(pair)) return;
  const quote = app.market.quote(pair);
  const bid = quote?.bid ?? 100;
  const ask = quote?.ask ?? 100;
  app.market.ticks([{ pair, bid, ask, time: Date.now(), source: 'simulated' }]);
}

export interface TFixturePositionTerms {
  pair?: TPair;
  type?: TPositionType;
  /** Dollars. */
  amount?: number;
  leverage?: 1 | 2 | 5 | 10;
  /** Minutes. */
  expiration?: number;
}

/**
 * An open position of `userId`, funded first when their balance is short. By default a 1:1 buy of
 * $10 on BTC/USD for 30 minutes: it has no stop-out price and does not expire during a test.
 */
export async function openFixturePosition(
  app: FastifyInstance,
  userId: string,
  terms: TFixturePositionTerms = {},
): Promise<TPosition> {
  const pair = terms.pair ?? 'BTC/USD';
  const amount = terms.amount ?? 10;
  await ensureBalance(app, userId, BigInt(Math.round(amount * 100)));
  ensureFreshPrice(app, pair);
  return openPosition(
    app.db,
    { market: app.market, commissionBps: app.config.COMMISSION_BPS, exits: app.exits, mail: app.mail },
    { id: userId, type: 'Client', sessionId: '' },
    {
      asset: pair,
      amount,
      leverage: terms.leverage ?? 1,
      expiration: terms.expiration ?? 30,
      type: terms.type ?? 'buy',
      userId,
    },
  );
}

/**
 * The route table's positions to close or read: a fresh open position of the owner before each call of a
 * close row (a closed one cannot be opened again). Until a row's `prepare` runs, the id names no
 * position (the bad-input suite only needs a well-formed one).
 */
export const routePositions = {
  toClose: '3c1d7e52-8a4b-4f6c-9d2e-1b0a9f8e7d6c',
  toCloseAtMarket: '5e2f8a63-9b5c-4a7d-8e3f-2c1b0a9f8e7d',
  toRead: '7a4c9b84-0d6e-4b8f-9a40-3d2c1b0a9f8e',
  toProtect: '9b5d0c95-1e7f-4c90-8b51-4e3d2c1b0a9f',
};

export async function placeOpenPosition(
  app: FastifyInstance,
  ownerId: string,
  slot: keyof typeof routePositions,
): Promise<void> {
  routePositions[slot] = (await openFixturePosition(app, ownerId)).id;
}

/** The alert the authorization matrix deletes, placed for its owner before each call. */
export const routeAlerts = { toDelete: '' };

/** An alert of `ownerId` written as the service writes it, far above any price (it never fires). */
export async function placeAlert(app: FastifyInstance, ownerId: string): Promise<void> {
  const [row] = await app.db
    .insert(priceAlerts)
    .values({ userId: ownerId, pair: 'BTC/USD', direction: 'above', price: 99_999_999 })
    .returning({ id: priceAlerts.id });
  routeAlerts.toDelete = row?.id ?? '';
}

/** The orders the authorization matrix changes and cancels, placed for their owner before each call. */
export const routeOrders = {
  toEdit: '4d2e9f17-6a3b-4c8d-9e1f-2a3b4c5d6e7f',
  toCancel: '6f4a1b28-7c5d-4e9f-8a2b-3c4d5e6f7a8b',
};

/**
 * A pending buy limit order of `ownerId` on BTC/USD far below any price (it never fills): $10 at 1:1,
 * good till cancelled, placed through the service (the owner funded first).
 */
export async function placeFixtureOrder(app: FastifyInstance, ownerId: string): Promise<TOrder> {
  await ensureBalance(app, ownerId, 1_000n);
  ensureFreshPrice(app, 'BTC/USD');
  return placeOrder(
    app.db,
    { market: app.market, commissionBps: app.config.COMMISSION_BPS, orders: app.orders },
    ownerId,
    {
      asset: 'BTC/USD',
      type: 'buy',
      kind: 'limit',
      price: 1,
      amount: 10,
      leverage: 1,
      expiration: null,
      goodUntil: null,
    },
  );
}

export async function placeRouteOrder(
  app: FastifyInstance,
  ownerId: string,
  slot: keyof typeof routeOrders,
): Promise<void> {
  routeOrders[slot] = (await placeFixtureOrder(app, ownerId)).id;
}
