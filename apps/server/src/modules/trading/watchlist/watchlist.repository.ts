import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { watchlists } from '../../../db/schema/trading.ts';

/** The statements of watchlists: one row per client who has chosen their pairs. */

export async function findWatchlist(db: DbOrTx, userId: string): Promise<string[] | undefined> {
  const [row] = await db.select({ pairs: watchlists.pairs }).from(watchlists).where(eq(watchlists.userId, userId));
  return row?.pairs;
}

/** Stores the client's list whole (the last write wins: it is one person's choice, from one screen). */
export async function saveWatchlist(db: DbOrTx, userId: string, pairs: readonly string[]): Promise<void> {
  await db
    .insert(watchlists)
    .values({ userId, pairs: [...pairs] })
    .onConflictDoUpdate({ target: watchlists.userId, set: { pairs: [...pairs], updatedAt: sql`now()` } });
}
