import type { TOrderStatus } from '@meridian/contracts/order-terms';
import type { TPositionType } from '@meridian/contracts/position-terms';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../../db/client.ts';
import { insertRow } from '../../../db/group-commit.ts';
import { orders } from '../../../db/schema/trading.ts';
import { users } from '../../../db/schema/users.ts';
import { noteLiveChange } from '../../platform/live/index.ts';

/**
 * Every SQL statement of pending orders (docs/money.md, "Pending orders"). Lock order, the same on
 * every path that ends an order: the order rows, then their clients (in id order, by the ledger).
 */

export type TOrderRow = typeof orders.$inferSelect;
export type TNewOrder = typeof orders.$inferInsert;

export interface TOrderUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
}

const userColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  username: users.username,
};

export async function insertOrder(tx: Tx, values: TNewOrder): Promise<TOrderRow> {
  const row = await insertRow(tx, orders, values);
  noteLiveChange(tx, row.userId, ['orders']);
  return row;
}

/** The client's pending orders, counted in their DB transaction (the client is locked by the ledger). */
export async function countPendingOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

export async function findOrder(db: DbOrTx, id: string): Promise<TOrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** Locks one order for this DB transaction, waiting for whoever holds it (a fill under way finishes first). */
export async function lockOrder(tx: Tx, id: string): Promise<TOrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/**
 * Claims those of `ids` still pending, skipping rows another transaction holds: two servers acting
 * on the same tick take disjoint rows, and each order fills in whichever claimed it.
 */
export function claimPendingOrders(tx: Tx, ids: readonly string[]): Promise<TOrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(orders)
    .where(and(inArray(orders.id, [...ids]), eq(orders.status, 'pending')))
    .orderBy(asc(orders.id))
    .for('update', { skipLocked: true });
}

/** Claims up to `limit` pending orders whose good-until time has passed at `now`, skipping held rows. */
export function claimExpiredOrders(tx: Tx, now: Date, limit: number): Promise<TOrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.goodUntil, now)))
    .orderBy(asc(orders.goodUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** What filling one order writes on it. */
export interface TOrderFill {
  id: string;
  fillPrice: number;
  fillPriceTime: Date;
  positionId: string;
}

/** Marks claimed orders filled with the price that filled them and the position each opened, in one statement. */
export async function markOrdersFilled(tx: Tx, fills: readonly TOrderFill[], at: Date): Promise<TOrderRow[]> {
  if (fills.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    update ${orders} o set status = 'filled', fill_price = d.fill_price, fill_price_time = d.fill_price_time,
      position_id = d.position_id, ended_at = ${at.toISOString()}::timestamptz
    from unnest(${sql.param(fills.map((f) => f.id))}::uuid[], ${sql.param(fills.map((f) => String(f.fillPrice)))}::float8[],
                ${sql.param(fills.map((f) => f.fillPriceTime.toISOString()))}::timestamptz[],
                ${sql.param(fills.map((f) => f.positionId))}::uuid[])
      as d(id, fill_price, fill_price_time, position_id)
    where o.id = d.id and o.status = 'pending'
    returning o.id`,
  );
  if (rows.length !== fills.length) throw new Error('orders: a claimed order was not pending');
  return touched(
    tx,
    fills.map((f) => f.id),
  );
}

/** Ends claimed pending orders as cancelled or expired. */
export async function markOrdersEnded(
  tx: Tx,
  ids: readonly string[],
  status: Extract<TOrderStatus, 'cancelled' | 'expired'>,
  at: Date,
): Promise<TOrderRow[]> {
  if (ids.length === 0) return [];
  await tx
    .update(orders)
    .set({ status, endedAt: at })
    .where(and(inArray(orders.id, [...ids]), eq(orders.status, 'pending')));
  return touched(tx, ids);
}

/** Sets a pending order's level, take-profit, stop-loss and good-until time; answers it, or undefined when it is no longer pending. */
export async function setOrderLevels(
  tx: Tx,
  id: string,
  values: { price: number; takeProfit: number | null; stopLoss: number | null; goodUntil: Date | null },
): Promise<TOrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, levelsSetAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  if (row) noteLiveChange(tx, row.userId, ['orders']);
  return row;
}

async function touched(tx: Tx, ids: readonly string[]): Promise<TOrderRow[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  for (const row of rows) noteLiveChange(tx, row.userId, ['orders']);
  return rows;
}

/** What the order index needs of an order: its pair, side, kind and level. */
export interface TOrderLevelRow {
  id: string;
  pair: string;
  type: TPositionType;
  kind: 'limit' | 'stop';
  price: number;
}

/**
 * Pending orders' levels, with the database's clock when they were read: every pending order, or
 * (`setSince`) those whose level was set since then, through the partial (levels_set_at) index. What
 * the order index is built from.
 */
export async function pendingOrderLevels(
  db: DbOrTx,
  setSince: Date | null,
): Promise<{ at: Date; rows: TOrderLevelRow[] }> {
  const [clock] = await queryRows<{ at: number }>(db, sql`select (extract(epoch from now()) * 1000)::float8 as at`);
  const parts: SQL[] = [eq(orders.status, 'pending')];
  if (setSince) parts.push(gte(orders.levelsSetAt, setSince));
  const rows = await db
    .select({ id: orders.id, pair: orders.pair, type: orders.type, kind: orders.kind, price: orders.price })
    .from(orders)
    .where(and(...parts));
  return {
    at: new Date(Number(clock?.at ?? Date.now())),
    rows,
  };
}

/**
 * One page of orders, newest first: pending ones or (`done`) the filled, cancelled and expired, a
 * client's own or (no `userId`) everyone's, each with its client.
 */
export async function pageOrderRows(
  db: DbOrTx,
  filter: { userId?: string; state: 'pending' | 'done' },
  page: number,
  limit: number,
): Promise<{ rows: { row: TOrderRow; user: TOrderUser }[]; total: number }> {
  const parts: SQL[] = [filter.state === 'pending' ? eq(orders.status, 'pending') : ne(orders.status, 'pending')];
  if (filter.userId !== undefined) parts.push(eq(orders.userId, filter.userId));
  const where = and(...parts);
  const rows = await db
    .select({ row: orders, user: userColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(filter.state === 'pending' ? desc(orders.createdAt) : desc(orders.endedAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** What a client's pending orders hold in the trading account (their margins and commissions), in cents. */
export async function heldMarginOf(db: DbOrTx, userId: string): Promise<bigint> {
  const [row] = await queryRows<{ held: string }>(
    db,
    sql`select coalesce(sum(margin + commission), 0)::text as held from ${orders} where user_id = ${userId}::uuid and status = 'pending'`,
  );
  return BigInt(row?.held ?? '0');
}
