import type { TPair } from '@meridian/contracts/market';
import type { TCloseReason, TPositionType } from '@meridian/contracts/position-terms';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../../db/client.ts';
import { insertRow } from '../../../db/group-commit.ts';
import { transactions } from '../../../db/schema/money.ts';
import { marginCalls, positions } from '../../../db/schema/trading.ts';
import { users } from '../../../db/schema/users.ts';
import type { TPriceNow } from '../../../providers/market/market-data.ts';
import { noteLiveChange } from '../../platform/live/index.ts';

/**
 * Every SQL statement of positions (docs/money.md, "Positions"). Lock order, the same on every path
 * that closes a position so that two closes cannot deadlock: the position rows, then their clients
 * (in id order, by the ledger).
 */

export type TPositionRow = typeof positions.$inferSelect;
export type TNewPosition = typeof positions.$inferInsert;

export interface TPositionUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  username: string;
}

export async function insertPosition(tx: Tx, values: TNewPosition): Promise<TPositionRow> {
  const row = await insertRow(tx, positions, values);
  noteLiveChange(tx, row.userId, ['positions']);
  return row;
}

/** Inserts many positions in one statement; answers them as stored. */
export async function insertPositions(tx: Tx, values: TNewPosition[]): Promise<TPositionRow[]> {
  if (values.length === 0) return [];
  const rows = await tx.insert(positions).values(values).returning();
  for (const row of rows) noteLiveChange(tx, row.userId, ['positions']);
  return rows;
}

export async function findPosition(db: DbOrTx, id: string): Promise<TPositionRow | undefined> {
  const [row] = await db.select().from(positions).where(eq(positions.id, id)).limit(1);
  return row;
}

/**
 * Claims one open position for this DB transaction, waiting for whoever holds it: a close that was
 * under way finishes first, and this one then finds it closed (nothing returned).
 */
export async function claimOpenPosition(tx: Tx, id: string): Promise<TPositionRow[]> {
  return tx
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.status, 'open')))
    .for('update');
}

/**
 * Claims those of `ids` still open, skipping rows another transaction holds: two servers acting on
 * the same tick take disjoint rows, and each row closes in whichever claimed it.
 */
export async function claimOpenPositions(tx: Tx, ids: string[]): Promise<TPositionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(positions)
    .where(and(inArray(positions.id, ids), eq(positions.status, 'open')))
    .orderBy(asc(positions.id))
    .for('update', { skipLocked: true });
}

/**
 * Claims up to `limit` open positions of `pairs` expired at `now`, soonest first, skipping rows
 * another transaction holds. Served by the partial index on open positions' expiry.
 */
export async function claimExpiredPositions(
  tx: Tx,
  now: Date,
  pairs: readonly TPair[],
  limit: number,
): Promise<TPositionRow[]> {
  if (pairs.length === 0) return [];
  return tx
    .select()
    .from(positions)
    .where(and(eq(positions.status, 'open'), lte(positions.expiresAt, now), inArray(positions.pair, [...pairs])))
    .orderBy(asc(positions.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** What closing one position writes on it. */
export interface TPositionClose {
  id: string;
  exitPrice: number;
  exitPriceTime: Date;
  pnl: bigint;
  reason: TCloseReason;
}

/**
 * Marks claimed positions closed and completes their history rows with the P&L and why they closed,
 * in two statements whatever the number of positions.
 */
export async function markPositionsClosed(
  tx: Tx,
  closes: TPositionClose[],
  common: { note: string | null; closedBy: string | null; closedAt: Date },
): Promise<TPositionRow[]> {
  if (closes.length === 0) return [];
  const ids = sql.param(closes.map((c) => c.id));
  const pnls = sql.param(closes.map((c) => c.pnl.toString()));
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    update ${positions} p set
      status = 'closed',
      exit_price = d.exit_price,
      exit_price_time = d.exit_price_time,
      pnl = d.pnl,
      close_reason = d.reason,
      close_note = ${common.note},
      closed_by = ${common.closedBy}::uuid,
      closed_at = ${common.closedAt.toISOString()}::timestamptz
    from unnest(${ids}::uuid[], ${sql.param(closes.map((c) => String(c.exitPrice)))}::float8[],
                ${sql.param(closes.map((c) => c.exitPriceTime.toISOString()))}::timestamptz[], ${pnls}::bigint[],
                ${sql.param(closes.map((c) => c.reason))}::text[])
      as d(id, exit_price, exit_price_time, pnl, reason)
    where p.id = d.id and p.status = 'open'
    returning p.id`,
  );
  if (rows.length !== closes.length) throw new Error('positions: a claimed position was not open');
  await tx.execute(sql`
    update ${transactions} t set status = 'Completed', pnl = d.pnl, close_reason = d.reason, updated_at = now()
    from unnest(${ids}::uuid[], ${pnls}::bigint[], ${sql.param(closes.map((c) => c.reason))}::text[]) as d(id, pnl, reason)
    where t.id = d.id`);
  const closed = await tx
    .select()
    .from(positions)
    .where(
      inArray(
        positions.id,
        closes.map((c) => c.id),
      ),
    );
  for (const position of closed) noteLiveChange(tx, position.userId, ['positions', 'transactions']);
  return closed;
}

/**
 * Open positions' exit levels (stop-out, take-profit, stop-loss), with the database's clock when
 * they were read: every open position, or (`setSince`) those whose levels were set since then
 * (opened, or take-profit or stop-loss changed), through the partial (levels_set_at) index. What the
 * exit index is built from.
 */
export async function openExitLevels(
  db: DbOrTx,
  setSince: Date | null,
): Promise<{
  at: Date;
  rows: {
    id: string;
    pair: TPair;
    type: TPositionType;
    stopOutPrice: number | null;
    takeProfit: number | null;
    stopLoss: number | null;
  }[];
}> {
  const [clock] = await queryRows<{ at: number }>(db, sql`select (extract(epoch from now()) * 1000)::float8 as at`);
  const parts: SQL[] = [eq(positions.status, 'open')];
  if (setSince) parts.push(gte(positions.levelsSetAt, setSince));
  const rows = await db
    .select({
      id: positions.id,
      pair: positions.pair,
      type: positions.type,
      stopOutPrice: positions.stopOutPrice,
      takeProfit: positions.takeProfit,
      stopLoss: positions.stopLoss,
    })
    .from(positions)
    .where(and(...parts));
  return {
    at: new Date(Number(clock?.at ?? Date.now())),
    rows: rows.map((r) => ({ ...r, pair: r.pair as TPair })),
  };
}

/**
 * Sets an open position's take-profit and stop-loss, waiting for whoever holds the row (a close under
 * way finishes first, and then nothing is set); answers the row as it now is, or undefined when it is
 * not open.
 */
export async function setProtectionLevels(
  tx: Tx,
  id: string,
  levels: { takeProfit: number | null; stopLoss: number | null },
): Promise<TPositionRow | undefined> {
  const [row] = await tx
    .update(positions)
    .set({ takeProfit: levels.takeProfit, stopLoss: levels.stopLoss, levelsSetAt: sql`now()` })
    .where(and(eq(positions.id, id), eq(positions.status, 'open')))
    .returning();
  if (row) noteLiveChange(tx, row.userId, ['positions']);
  return row;
}

const userColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  username: users.username,
};

/**
 * One page of positions with their clients and the count of all that match: a client's own, newest
 * first (the (user_id, created_at) index), or everyone's, open ones first and then newest.
 */
export async function pagePositionRows(
  db: DbOrTx,
  filter: { userId?: string; id?: string },
  page: number,
  limit: number,
): Promise<{ rows: { row: TPositionRow; user: TPositionUser }[]; total: number }> {
  const parts: SQL[] = [];
  if (filter.userId !== undefined) parts.push(eq(positions.userId, filter.userId));
  if (filter.id !== undefined) parts.push(eq(positions.id, filter.id));
  const where = parts.length > 0 ? and(...parts) : undefined;
  const order =
    filter.userId === undefined
      ? [sql`(${positions.status} = 'open') desc`, desc(positions.createdAt), desc(positions.id)]
      : [desc(positions.createdAt), desc(positions.id)];
  const rows = await db
    .select({ row: positions, user: userColumns })
    .from(positions)
    .innerJoin(users, eq(users.id, positions.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await db.select({ n: count() }).from(positions).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** The Positions page's summary figures over all of a client's positions, in cents. */
export async function positionSummaryOf(
  db: DbOrTx,
  userId: string,
): Promise<{ pairs: number; profit: bigint; loss: bigint; open: number }> {
  const [row] = await queryRows<{ pairs: number; profit: string; loss: string; open: number }>(
    db,
    sql`
    select count(distinct pair)::int as pairs,
           coalesce(sum(pnl) filter (where pnl > 0), 0)::text as profit,
           coalesce(-sum(pnl) filter (where pnl < 0), 0)::text as loss,
           count(*) filter (where status = 'open')::int as open
    from ${positions} where user_id = ${userId}`,
  );
  return {
    pairs: Number(row?.pairs ?? 0),
    profit: BigInt(row?.profit ?? '0'),
    loss: BigInt(row?.loss ?? '0'),
    open: Number(row?.open ?? 0),
  };
}

/** A client's open positions, oldest first: what equity values at the latest prices. */
export function openPositionRows(db: DbOrTx, userId: string) {
  return db
    .select({
      id: positions.id,
      pair: positions.pair,
      type: positions.type,
      margin: positions.margin,
      leverage: positions.leverage,
      entryPrice: positions.entryPrice,
    })
    .from(positions)
    .where(and(eq(positions.userId, userId), eq(positions.status, 'open')))
    .orderBy(asc(positions.createdAt), asc(positions.id));
}

// --- margin level ---------------------------------------------------------------------------------

/** An account with open positions valued at the latest prices, in cents. */
export interface TAccountMargin {
  userId: string;
  /** The margins of its open positions. */
  used: bigint;
  /** Their unrealised P&L (each floored at −its margin). */
  pnl: bigint;
  /** Balance + profit. */
  cash: bigint;
}

/**
 * Open positions (of `userIds` only, when given) each valued at its pair's price in `prices` on the
 * side a close takes (a buy's bid, a sell's ask; a pair not in it leaves `pnl` null), by
 * `positionPnlCents`'s rule: half away from zero to the cent, at least −margin.
 */
const valuedPositions = (prices: ReadonlyMap<TPair, TPriceNow>, userIds?: SQL) => sql`
  with px as (
    select * from unnest(
      ${sql.param([...prices.keys()])}::text[],
      ${sql.param([...prices.values()].map((p) => String(p.bid)))}::float8[],
      ${sql.param([...prices.values()].map((p) => String(p.ask)))}::float8[]
    ) as px(pair, bid, ask)
  ),
  valued as (
    select p.id, p.user_id, p.margin,
      case when px.pair is null then null else greatest(-p.margin, round(
        case when p.type = 'buy' then px.bid::numeric - p.entry_price::numeric
          else p.entry_price::numeric - px.ask::numeric end
          / p.entry_price::numeric * p.margin * p.leverage
      )::bigint) end as pnl
    from ${positions} p left join px on px.pair = p.pair
    where p.status = 'open' ${userIds ? sql`and p.user_id = any(${userIds})` : sql``}
  )`;

/**
 * The accounts whose margin level could be below `callLevel`, valued at `prices`; and those of them
 * holding a pair not in `prices` (not valued: nothing is decided on a stale price). An account whose
 * cash alone is `callLevel` % of its margins cannot be (no position loses more than its margin), so
 * only the others are valued: the first statement sums the margins, the second values the few.
 */
export async function accountMargins(
  db: DbOrTx,
  prices: ReadonlyMap<TPair, TPriceNow>,
  callLevel: number,
): Promise<{ valued: TAccountMargin[]; stale: string[] }> {
  const exposed = await queryRows<{ user_id: string }>(
    db,
    sql`select a.user_id::text from (
          select user_id, sum(margin) as used from ${positions} where status = 'open' group by user_id
        ) a join ${users} u on u.id = a.user_id
        where (u.balance + u.profit_balance) * 100 < a.used * ${callLevel}::numeric`,
  );
  if (exposed.length === 0) return { valued: [], stale: [] };
  const rows = await queryRows<{ user_id: string; used: string; pnl: string | null; cash: string; priced: boolean }>(
    db,
    sql`${valuedPositions(prices, sql`${sql.param(exposed.map((r) => r.user_id))}::uuid[]`)},
    accounts as (
      select user_id, sum(margin) as used, sum(pnl) as pnl, bool_and(pnl is not null) as priced
      from valued group by user_id
    )
    select a.user_id::text, a.used::text, a.pnl::text, (u.balance + u.profit_balance)::text as cash, a.priced
    from accounts a join ${users} u on u.id = a.user_id`,
  );
  return {
    valued: rows
      .filter((r) => r.priced)
      .map((r) => ({ userId: r.user_id, used: BigInt(r.used), pnl: BigInt(r.pnl ?? '0'), cash: BigInt(r.cash) })),
    stale: rows.filter((r) => !r.priced).map((r) => r.user_id),
  };
}

/** Each of `userIds`' open position with the largest loss at `prices` (the first by id on a tie). */
export async function worstPositionsOf(
  db: DbOrTx,
  userIds: readonly string[],
  prices: ReadonlyMap<TPair, TPriceNow>,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`${valuedPositions(prices, sql`${sql.param([...userIds])}::uuid[]`)}
    select distinct on (user_id) id::text from valued
    where pnl < 0
    order by user_id, pnl asc, id`,
  );
  return rows.map((r) => r.id);
}

/** Puts accounts in a margin call; answers those that were not in one already (to be told). */
export async function startMarginCalls(
  tx: Tx,
  calls: readonly { userId: string; level: number }[],
): Promise<Set<string>> {
  if (calls.length === 0) return new Set();
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`insert into ${marginCalls} (user_id, level)
        select * from unnest(${sql.param(calls.map((c) => c.userId))}::uuid[], ${sql.param(calls.map((c) => String(c.level)))}::float8[])
        on conflict (user_id) do nothing
        returning user_id::text`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Ends every margin call but those of `kept` (accounts still below the level, or not valued this time). */
export async function endMarginCallsBut(tx: Tx, kept: readonly string[]): Promise<void> {
  await tx.execute(sql`delete from ${marginCalls} where user_id <> all(${sql.param([...kept])}::uuid[])`);
}
