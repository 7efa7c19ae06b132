import type { TCandle, TPair } from '@meridian/contracts/market';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { marketCandles } from '../../db/schema/trading.ts';

/**
 * The stored 1-minute candles of `pair` whose minute starts in [fromMs, toMs), oldest first.
 * Settlement, the charts and the candles endpoint read history only through here.
 */
export async function readCandles(db: DbOrTx, pair: TPair, fromMs: number, toMs: number): Promise<TCandle[]> {
  const rows = await db
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
  return rows.map((r) => ({
    time: Math.floor(r.minute.getTime() / 1000),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    ticks: r.ticks,
  }));
}
