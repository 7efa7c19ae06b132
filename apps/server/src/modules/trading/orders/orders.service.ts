import { randomUUID } from 'node:crypto';
import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import { goodUntilProblem, MAX_PENDING_ORDERS, orderLevelProblem } from '@meridian/contracts/order-terms';
import type {
  TOrder,
  TOrderList,
  ZEditOrderInput,
  ZOrderListQuery,
  ZPlaceOrderInput,
} from '@meridian/contracts/orders';
import { totalPages } from '@meridian/contracts/pagination';
import { commissionCents, openingSide, stopOutPrice, type TPositionType } from '@meridian/contracts/position-terms';
import type { z } from 'zod';
import { afterCommit } from '../../../db/after-commit.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { lockBalances, post, postBatch, type TPosting } from '../../../ledger/ledger.ts';
import { AppError } from '../../../lib/app-error.ts';
import { LEVEL_BATCH_SIZE } from '../../../lib/level-monitor.ts';
import { centsOf } from '../../../lib/money.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import { type TClientNotice, tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { checkProtection } from '../positions/index.ts';
import {
  claimExpiredOrders,
  countPendingOf,
  findOrder,
  insertOrder,
  lockOrder,
  markOrdersEnded,
  pageOrderRows,
  setOrderLevels,
  type TOrderRow,
  type TOrderUser,
} from './orders.repository.ts';

/**
 * Pending orders (docs/money.md, "Pending orders"): a client places a limit or stop order with the
 * terms of a position; its margin moves balance → trading at once (`order.place`), so the fill never
 * fails for funds. The order monitor (order-monitor.ts) fills it on the tick that reaches its level,
 * opening the position with that margin; cancelling it (the client) or its good-until time passing
 * (the orders job) moves the margin back trading → balance (`order.cancel`, `order.expire`). Every
 * decision uses the price at the server's clock; on a stale one nothing is placed or changed (503).
 */

export interface TOrderDeps {
  market: Pick<MarketData, 'priceNow'>;
  /** The operator's commission per pair (COMMISSION_BPS), held with the margin and charged at the fill. */
  commissionBps: Readonly<Record<TPair, number>>;
  /** This server's order index. */
  orders: { track(row: TOrderRow): void; forget(ids: readonly string[]): void };
}

const orderNotFound = () => new AppError('NOT_FOUND', 'errors.orderNotFound');
const orderNotPending = () => new AppError('CONFLICT', 'errors.orderNotPending');

function freshPrice(deps: TOrderDeps, pair: TPair) {
  const price = deps.market.priceNow(pair);
  if (!price) throw new AppError('UPSTREAM_UNAVAILABLE', 'errors.priceStale', { pair });
  return price;
}

const sideWord = (type: TPositionType) => (type === 'buy' ? 'Buy' : 'Sell');
/** "Buy limit order on ETH/USD at 1800.5": how the ledger's reasons name an order. */
const orderWords = (o: { type: TPositionType; kind: string; pair: string; price: number }) =>
  `${sideWord(o.type)} ${o.kind} order on ${o.pair} at ${o.price}`;

export function toApiOrder(row: TOrderRow, user?: TOrderUser): TOrder {
  return {
    id: row.id,
    asset: row.pair as TPair,
    type: row.type,
    kind: row.kind,
    price: row.price,
    amount: fromCents(row.margin),
    commission: fromCents(row.commission),
    leverage: row.leverage,
    expiration: row.expirationMinutes,
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    goodUntil: row.goodUntil?.toISOString() ?? null,
    status: row.status,
    fillPrice: row.fillPrice,
    positionId: row.positionId,
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    ...(user ? { user } : {}),
  };
}

/**
 * Checks an order's level against the current price (one already reached is refused, 422 on
 * `price`), its take-profit and stop-loss against the level as against a position opened there, and
 * its good-until time against the clock.
 */
function checkOrder(
  deps: TOrderDeps,
  order: { pair: TPair; type: TPositionType; kind: 'limit' | 'stop'; price: number; leverage: number },
  levels: { takeProfit: number | null; stopLoss: number | null },
  goodUntil: Date | null,
): void {
  const now = freshPrice(deps, order.pair);
  const problem = orderLevelProblem(order.pair, order, now[openingSide(order.type)]);
  if (problem) throw AppError.refused(problem, {}, { field: 'price' });
  checkProtection(
    order.pair,
    order.type,
    order.price,
    stopOutPrice(order.pair, order.type, order.price, order.leverage),
    levels,
  );
  const late = goodUntilProblem(goodUntil, new Date());
  if (late) throw AppError.refused(late, {}, { field: 'goodUntil' });
}

/**
 * Places the client's own order: checked (checkOrder), then in one DB transaction the margin and the
 * pair's commission move balance → trading (never more than the balance: 422 on `amount`, checked by
 * the ledger under the client's lock, which also makes the count of pending orders exact) and the
 * order is written.
 */
export async function placeOrder(
  db: Db,
  deps: TOrderDeps,
  userId: string,
  input: z.output<typeof ZPlaceOrderInput>,
): Promise<TOrder> {
  const pair = input.asset;
  const levels = { takeProfit: input.takeProfit ?? null, stopLoss: input.stopLoss ?? null };
  const goodUntil = input.goodUntil === null ? null : new Date(input.goodUntil);
  const terms = { pair, type: input.type, kind: input.kind, price: input.price, leverage: input.leverage };
  checkOrder(deps, terms, levels, goodUntil);
  const margin = centsOf(input.amount);
  const commission = commissionCents(margin, input.leverage, deps.commissionBps[pair]);
  const row = await db.transaction(async (tx) => {
    const id = randomUUID();
    await post(tx, {
      kind: 'order.place',
      reason: `${orderWords(terms)}, 1:${input.leverage}, placed`,
      actorId: userId,
      ref: { type: 'order', id },
      legs: [
        { userId, account: 'balance', amount: -(margin + commission) },
        { userId, account: 'trading', amount: margin + commission },
      ],
    }).catch((err: unknown) => {
      throw err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS' ? err.onField('amount') : err;
    });
    if ((await countPendingOf(tx, userId)) >= MAX_PENDING_ORDERS)
      throw AppError.refused('validation.orderLimit', { max: MAX_PENDING_ORDERS });
    return insertOrder(tx, {
      id,
      userId,
      pair,
      type: input.type,
      kind: input.kind,
      price: input.price,
      margin,
      commission,
      leverage: input.leverage,
      expirationMinutes: input.expiration,
      ...levels,
      goodUntil,
    });
  });
  afterCommit(() => deps.orders.track(row));
  return toApiOrder(row);
}

/**
 * Changes the client's own pending order (its level, take-profit, stop-loss and good-until time),
 * checked like a placement; 409 once it is no longer pending (filled, cancelled or expired first).
 */
export async function editOrder(
  db: Db,
  deps: TOrderDeps,
  userId: string,
  id: string,
  input: z.output<typeof ZEditOrderInput>,
): Promise<TOrder> {
  const found = await findOrder(db, id);
  if (!found || found.userId !== userId) throw orderNotFound();
  if (found.status !== 'pending') throw orderNotPending();
  const goodUntil = input.goodUntil === null ? null : new Date(input.goodUntil);
  const pair = found.pair as TPair;
  checkOrder(deps, { ...found, pair, price: input.price }, input, goodUntil);
  const row = await db.transaction((tx) =>
    setOrderLevels(tx, id, { price: input.price, takeProfit: input.takeProfit, stopLoss: input.stopLoss, goodUntil }),
  );
  if (!row) throw orderNotPending();
  deps.orders.track(row);
  return toApiOrder(row);
}

/**
 * Moves the margins of claimed orders back trading → balance and ends them, in the caller's DB
 * transaction: only what the trading account holds (an admin's Clear Balance may have emptied it
 * since), as a cancel or an expiry. Answers the orders as they now are.
 */
async function endOrders(
  tx: Tx,
  claimed: readonly TOrderRow[],
  how: { status: 'cancelled' | 'expired'; actorId: string | null; now: Date },
): Promise<TOrderRow[]> {
  if (claimed.length === 0) return [];
  const locked = await lockBalances(
    tx,
    claimed.map((o) => o.userId),
  );
  const trading = new Map([...locked].map(([userId, b]) => [userId, b.trading]));
  const postings: TPosting[] = [];
  for (const order of claimed) {
    const available = trading.get(order.userId) ?? 0n;
    const held = order.margin + order.commission;
    const back = held < available ? held : available;
    if (back <= 0n) continue;
    trading.set(order.userId, available - back);
    postings.push({
      kind: how.status === 'cancelled' ? 'order.cancel' : 'order.expire',
      reason: `${orderWords(order)} ${how.status}`,
      actorId: how.actorId,
      ref: { type: 'order', id: order.id },
      legs: [
        { userId: order.userId, account: 'trading', amount: -back },
        { userId: order.userId, account: 'balance', amount: back },
      ],
    });
  }
  await postBatch(tx, postings, locked);
  return markOrdersEnded(
    tx,
    claimed.map((o) => o.id),
    how.status,
    how.now,
  );
}

/** The client cancels their own pending order: its margin comes back to the balance. 409 once it is no longer pending. */
export async function cancelOrder(db: Db, deps: TOrderDeps, userId: string, id: string): Promise<TOrder> {
  const row = await db.transaction(async (tx) => {
    // Waits for a fill under way, then finds the order filled.
    const order = await lockOrder(tx, id);
    if (!order || order.userId !== userId) throw orderNotFound();
    if (order.status !== 'pending') throw orderNotPending();
    const [ended] = await endOrders(tx, [order], { status: 'cancelled', actorId: userId, now: new Date() });
    return ended as TOrderRow;
  });
  deps.orders.forget([id]);
  return toApiOrder(row);
}

/**
 * Expires the pending orders whose good-until time has passed at `now`, in batches (one DB
 * transaction each, skipping rows another server holds), telling each client; answers their ids.
 */
export async function expireDueOrders(
  db: Db,
  mail: Mailer,
  options: { now: Date; signal?: AbortSignal; batchSize?: number },
): Promise<string[]> {
  const batchSize = options.batchSize ?? LEVEL_BATCH_SIZE;
  const expired: string[] = [];
  while (!options.signal?.aborted) {
    const ended = await db.transaction(async (tx) => {
      const claimed = await claimExpiredOrders(tx, options.now, batchSize);
      const rows = await endOrders(tx, claimed, { status: 'expired', actorId: null, now: options.now });
      await tellClients(tx, mail, rows.map(expiryNotice));
      return rows;
    });
    expired.push(...ended.map((o) => o.id));
    if (ended.length < batchSize) break;
    // Let waiting requests in between two batches (the embedded database runs in this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return expired;
}

const expiryNotice = (order: TOrderRow): TClientNotice => ({
  key: 'orderExpired',
  params: { pair: order.pair, level: order.price, amount: fromCents(order.margin) },
  link: NOTICE_LINKS.orders,
  receiverId: order.userId,
});

/** One page of orders, newest first: a client's own, or (no `userId`) everyone's with each client. */
export async function pageOrders(
  db: DbOrTx,
  query: z.output<typeof ZOrderListQuery>,
  userId?: string,
): Promise<TOrderList> {
  const { rows, total } = await pageOrderRows(db, { userId, state: query.state }, query.page, query.limit);
  return {
    orders: rows.map((v) => toApiOrder(v.row, userId === undefined ? v.user : undefined)),
    totalPage: totalPages(total, query.limit),
  };
}

/** The margins a client's pending orders hold in the trading account, in cents (docs/money.md, "Equity"). */
export { heldMarginOf as heldOrderMarginOf } from './orders.repository.ts';
