import type { TCandle, TPair } from '@meridian/contracts/market';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';
import { marketCandles } from '../../../db/schema/trading.ts';

/** A candle as written: the whole of one minute, or the part of it one server saw since its last write. */
export type TCandleRow = typeof marketCandles.$inferInsert;

/** The stored rows of `pair` whose minute starts in [fromMs, toMs), oldest first, as written. */
export function readCandleRows(db: DbOrTx, pair: TPair, fromMs: number, toMs: number) {
  return db
    .select()
    .from(marketCandles)
    .where(
      and(
        eq(marketCandles.pair, pair),
        gte(marketCandles.minute, new Date(fromMs)),
        lt(marketCandles.minute, new Date(toMs)),
      ),
    )
    .orderBy(asc(marketCandles.minute));
}

/**
 * The stored 1-minute candles of `pair` whose minute starts in [fromMs, toMs), oldest first.
 * Settlement, the charts and the candles endpoint read history only through here.
 */
export async function readCandles(db: DbOrTx, pair: TPair, fromMs: number, toMs: number): Promise<TCandle[]> {
  const rows = await readCandleRows(db, pair, fromMs, toMs);
  return rows.map((r) => ({
    time: Math.floor(r.minute.getTime() / 1000),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    ticks: r.ticks,
  }));
}

/**
 * Merges candle parts into the stored candles, in one statement: a new minute is inserted; a stored
 * one keeps its open (the first writer's), takes the higher high and the lower low, adds the ticks,
 * and takes the close whose tick is the latest. So two servers writing the same minute, or a server
 * restarting within it, add up instead of overwriting. Rows are written in (pair, minute) order, the
 * same for every writer, so two concurrent writes cannot deadlock; at most one row per (pair, minute).
 */
export async function mergeCandles(db: DbOrTx, rows: readonly TCandleRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(marketCandles)
    .values([...rows])
    .onConflictDoUpdate({
      target: [marketCandles.pair, marketCandles.minute],
      set: {
        high: sql`greatest(${marketCandles.high}, excluded.high)`,
        low: sql`least(${marketCandles.low}, excluded.low)`,
        ticks: sql`${marketCandles.ticks} + excluded.ticks`,
        close: sql`case when excluded.close_time >= ${marketCandles.closeTime} then excluded.close else ${marketCandles.close} end`,
        closeTime: sql`greatest(${marketCandles.closeTime}, excluded.close_time)`,
      },
    });
}

/** Inserts the candles of minutes not stored yet and leaves stored ones as they are (made-up history). */
export async function insertMissingCandles(db: DbOrTx, rows: readonly TCandleRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(marketCandles)
    .values([...rows])
    .onConflictDoNothing({ target: [marketCandles.pair, marketCandles.minute] });
}

/** The latest stored candle of `pair`: its close and when the tick that set it came (primary key, read backwards). */
export async function lastClose(db: DbOrTx, pair: TPair): Promise<{ close: number; closeTime: Date } | undefined> {
  const [row] = await db
    .select({ close: marketCandles.close, closeTime: marketCandles.closeTime })
    .from(marketCandles)
    .where(eq(marketCandles.pair, pair))
    .orderBy(desc(marketCandles.minute))
    .limit(1);
  return row;
}

/**
 * Deletes up to `limit` candles whose minute started before `before` (every pair) and answers how
 * many went; the caller repeats while a full batch goes, so no one statement holds many rows.
 */
export async function deleteCandlesBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`
    with gone as (
      delete from ${marketCandles}
      where (pair, minute) in (
        select pair, minute from ${marketCandles} where minute < ${before.toISOString()}::timestamptz limit ${limit}
      )
      returning 1
    )
    select count(*)::int as deleted from gone`,
  );
  return Number(row?.deleted ?? 0);
}
