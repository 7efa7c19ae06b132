import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { transactions } from '../../../db/schema/money.ts';
import { signals, signalTrades } from '../../../db/schema/trading.ts';

/**
 * Every SQL statement of signals (docs/money.md, "Signals"). Lock order, the same on every path:
 * the signal row, then its trades and their history rows (in id order), then their clients (in id
 * order, by the ledger).
 * A join holds the signal row shared, so a settlement (which holds it exclusively) sees every trade
 * committed before it and none after.
 */

export type TSignalRow = typeof signals.$inferSelect;
export type TNewSignal = typeof signals.$inferInsert;
export type TSignalTradeRow = typeof signalTrades.$inferSelect;
export type TNewSignalTrade = typeof signalTrades.$inferInsert;

/** A signal with its participants: clients who joined and their entries (cents). */
export interface TSignalView {
  row: TSignalRow;
  participants: number;
  totalEntries: bigint;
  joined: boolean;
}

export async function insertSignal(tx: DbOrTx, values: TNewSignal): Promise<TSignalRow> {
  const [row] = await tx.insert(signals).values(values).returning();
  if (!row) throw new Error('signals insert returned no row');
  return row;
}

export async function findSignal(db: DbOrTx, id: string): Promise<TSignalRow | undefined> {
  const [row] = await db.select().from(signals).where(eq(signals.id, id)).limit(1);
  return row;
}

/**
 * Locks one signal for this DB transaction, waiting for whoever holds it: `share` for a join (joins
 * run side by side), `update` for a settlement (which then waits for joins under way, and they for it).
 */
export async function lockSignal(tx: Tx, id: string, mode: 'share' | 'update'): Promise<TSignalRow | undefined> {
  const [row] = await tx.select().from(signals).where(eq(signals.id, id)).for(mode);
  return row;
}

/** Signals without a result, for the job: still active, or completed while the prices could not decide. */
const unsettled = or(ne(signals.status, 'completed'), isNull(signals.result));

/**
 * Claims one signal that has no result yet, skipping it when another transaction holds it (another
 * server settling it, or a join under way: the next run tries again).
 */
export async function claimUnsettledSignal(tx: Tx, id: string): Promise<TSignalRow | undefined> {
  const [row] = await tx
    .select()
    .from(signals)
    .where(and(eq(signals.id, id), unsettled))
    .for('update', { skipLocked: true });
  return row;
}

/** Pending signals whose schedule time has come become active; answers how many. No money moves. */
export async function activateDueSignals(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(signals)
    .set({ status: 'active' })
    .where(and(eq(signals.status, 'pending'), lte(signals.scheduleTime, now)))
    .returning({ id: signals.id });
  return rows.length;
}

/** Signals the job settles at `now`: closed and without a result, soonest closing first. */
export async function dueSignalIds(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: signals.id })
    .from(signals)
    .where(and(ne(signals.status, 'pending'), isNull(signals.result), lte(signals.closingTime, now)))
    .orderBy(asc(signals.closingTime), asc(signals.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A closed signal the prices do not decide yet: completed, without a result. */
export async function markCompletedUndecided(tx: Tx, id: string): Promise<void> {
  await tx.update(signals).set({ status: 'completed' }).where(eq(signals.id, id));
}

export async function markSignalSettled(
  tx: Tx,
  id: string,
  values: Pick<TNewSignal, 'result' | 'evidence' | 'settledAt' | 'settledBy'>,
): Promise<TSignalRow> {
  const [row] = await tx
    .update(signals)
    .set({ ...values, status: 'completed' })
    .where(eq(signals.id, id))
    .returning();
  if (!row) throw new Error(`signal ${id} vanished while settling`);
  return row;
}

/**
 * Signals with their participants, and whether `callerId` joined each: every signal newest first,
 * one by id, or those still open at `openAt` (pending or active, closing after it) soonest closing first.
 */
export async function signalViews(
  db: DbOrTx,
  filter: { id?: string; openAt?: Date },
  callerId?: string,
): Promise<TSignalView[]> {
  const parts: SQL[] = [];
  if (filter.id !== undefined) parts.push(eq(signals.id, filter.id));
  if (filter.openAt !== undefined) {
    parts.push(inArray(signals.status, ['pending', 'active']), gt(signals.closingTime, filter.openAt));
  }
  const order =
    filter.openAt !== undefined
      ? [asc(signals.closingTime), asc(signals.id)]
      : [desc(signals.createdAt), desc(signals.id)];
  const rows = await db
    .select()
    .from(signals)
    .where(parts.length > 0 ? and(...parts) : undefined)
    .orderBy(...order);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const totals = await db
    .select({ signalId: signalTrades.signalId, n: count(), total: sum(signalTrades.entry) })
    .from(signalTrades)
    .where(inArray(signalTrades.signalId, ids))
    .groupBy(signalTrades.signalId);
  const bySignal = new Map(totals.map((t) => [t.signalId, t]));
  const joined = new Set(
    callerId === undefined
      ? []
      : (
          await db
            .select({ signalId: signalTrades.signalId })
            .from(signalTrades)
            .where(and(eq(signalTrades.userId, callerId), inArray(signalTrades.signalId, ids)))
        ).map((t) => t.signalId),
  );
  return rows.map((row) => {
    const total = bySignal.get(row.id);
    return {
      row,
      participants: total?.n ?? 0,
      totalEntries: BigInt(total?.total ?? '0'),
      joined: joined.has(row.id),
    };
  });
}

export async function findTradeOf(db: DbOrTx, signalId: string, userId: string): Promise<TSignalTradeRow | undefined> {
  const [row] = await db
    .select()
    .from(signalTrades)
    .where(and(eq(signalTrades.signalId, signalId), eq(signalTrades.userId, userId)))
    .limit(1);
  return row;
}

export async function insertTrade(tx: Tx, values: TNewSignalTrade): Promise<TSignalTradeRow> {
  const [row] = await tx.insert(signalTrades).values(values).returning();
  if (!row) throw new Error('signal_trades insert returned no row');
  return row;
}

/** The active trades of a signal and their history rows, locked, in id order. */
export async function lockActiveTrades(tx: Tx, signalId: string): Promise<TSignalTradeRow[]> {
  const trades = await tx
    .select()
    .from(signalTrades)
    .where(and(eq(signalTrades.signalId, signalId), eq(signalTrades.status, 'active')))
    .orderBy(asc(signalTrades.id))
    .for('update');
  if (trades.length > 0) {
    await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          trades.map((t) => t.id),
        ),
      )
      .orderBy(asc(transactions.id))
      .for('update');
  }
  return trades;
}

/**
 * Completes settled trades with their result and actual return, and their history rows with the
 * same P&L, in two statements whatever the number of trades.
 */
export async function completeTrades(
  tx: Tx,
  completes: { id: string; actualReturn: bigint }[],
  common: { result: 'gain' | 'loss'; settledAt: Date },
): Promise<void> {
  if (completes.length === 0) return;
  const ids = sql.param(completes.map((c) => c.id));
  const returns = sql.param(completes.map((c) => c.actualReturn.toString()));
  await tx.execute(sql`
    update ${signalTrades} t set
      status = 'completed',
      result = ${common.result},
      actual_return = d.actual_return,
      settled_at = ${common.settledAt.toISOString()}::timestamptz
    from unnest(${ids}::uuid[], ${returns}::bigint[]) as d(id, actual_return)
    where t.id = d.id and t.status = 'active'`);
  await tx.execute(sql`
    update ${transactions} t set status = 'Completed', pnl = d.pnl, updated_at = now()
    from unnest(${ids}::uuid[], ${returns}::bigint[]) as d(id, pnl)
    where t.id = d.id`);
}

/** A client's trades with their signals' titles and pairs, newest first. */
export async function tradesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ trade: TSignalTradeRow; signal: { id: string; title: string; pair: string } }[]> {
  return db
    .select({ trade: signalTrades, signal: { id: signals.id, title: signals.title, pair: signals.pair } })
    .from(signalTrades)
    .innerJoin(signals, eq(signals.id, signalTrades.signalId))
    .where(eq(signalTrades.userId, userId))
    .orderBy(desc(signalTrades.createdAt), desc(signalTrades.id));
}

/** One trade with its signal's title and pair (the join's answer). */
export async function tradeView(
  db: DbOrTx,
  id: string,
): Promise<{ trade: TSignalTradeRow; signal: { id: string; title: string; pair: string } } | undefined> {
  const [row] = await db
    .select({ trade: signalTrades, signal: { id: signals.id, title: signals.title, pair: signals.pair } })
    .from(signalTrades)
    .innerJoin(signals, eq(signals.id, signalTrades.signalId))
    .where(eq(signalTrades.id, id));
  return row;
}

/** Cents a client has in signals not settled yet (their active trades' entries). */
export async function openStakeCents(db: DbOrTx, userId: string): Promise<bigint> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(${sum(signalTrades.entry)}, 0)::text` })
    .from(signalTrades)
    .where(and(eq(signalTrades.userId, userId), eq(signalTrades.status, 'active')));
  return BigInt(row?.cents ?? '0');
}
