import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { chainPayouts, chainPayoutWatches } from '../../../db/schema/chain-payouts.ts';

/** The tables of withdrawals paid on chain (docs/money.md, "Withdrawals paid on chain"). */

export type TPayoutWatchRow = typeof chainPayoutWatches.$inferSelect;
export type TPayoutRow = typeof chainPayouts.$inferSelect;
export type TPayoutWatchFields = Omit<
  typeof chainPayoutWatches.$inferInsert,
  'withdrawalMethodId' | 'createdAt' | 'updatedAt'
>;

// --- watches --------------------------------------------------------------------------------------

export async function findPayoutWatch(db: DbOrTx, methodId: string): Promise<TPayoutWatchRow | undefined> {
  const [row] = await db
    .select()
    .from(chainPayoutWatches)
    .where(eq(chainPayoutWatches.withdrawalMethodId, methodId))
    .limit(1);
  return row;
}

export async function upsertPayoutWatch(
  tx: Tx,
  methodId: string,
  fields: TPayoutWatchFields,
): Promise<TPayoutWatchRow> {
  const values = { ...fields, updatedAt: new Date() };
  const [row] = await tx
    .insert(chainPayoutWatches)
    .values({ withdrawalMethodId: methodId, ...values })
    .onConflictDoUpdate({ target: chainPayoutWatches.withdrawalMethodId, set: values })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

// --- payouts --------------------------------------------------------------------------------------

export async function findPayout(db: DbOrTx, transactionId: string): Promise<TPayoutRow | undefined> {
  const [row] = await db.select().from(chainPayouts).where(eq(chainPayouts.transactionId, transactionId)).limit(1);
  return row;
}

/** Locks a withdrawal's payout row; lock the withdrawal's own row first (the order every path takes). */
export async function lockPayout(tx: Tx, transactionId: string): Promise<TPayoutRow | undefined> {
  const [row] = await tx.select().from(chainPayouts).where(eq(chainPayouts.transactionId, transactionId)).for('update');
  return row;
}

/** The withdrawal another payout row names with this hash, if any. */
export async function payoutOfHash(db: DbOrTx, txHash: string, exceptId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: chainPayouts.transactionId })
    .from(chainPayouts)
    .where(and(eq(chainPayouts.txHash, txHash), ne(chainPayouts.transactionId, exceptId)))
    .limit(1);
  return row?.id;
}

/** Records (or replaces) a withdrawal's payout transaction: confirming afresh. */
export async function putPayout(
  tx: Tx,
  row: Pick<TPayoutRow, 'transactionId' | 'txHash' | 'rateCents' | 'recordedBy'>,
): Promise<TPayoutRow> {
  const values = {
    txHash: row.txHash,
    rateCents: row.rateCents,
    recordedBy: row.recordedBy,
    status: 'confirming' as const,
    problem: null,
    blockNumber: null,
    blockHash: null,
    confirmations: 0,
    recordedAt: new Date(),
    checkedAt: null,
  };
  const [saved] = await tx
    .insert(chainPayouts)
    .values({ transactionId: row.transactionId, ...values })
    .onConflictDoUpdate({ target: chainPayouts.transactionId, set: values })
    .returning();
  if (!saved) throw new Error('upsert returned no row');
  return saved;
}

export async function updatePayout(
  tx: Tx,
  transactionId: string,
  fields: Partial<Pick<TPayoutRow, 'status' | 'problem' | 'blockNumber' | 'blockHash' | 'confirmations'>>,
): Promise<void> {
  await tx
    .update(chainPayouts)
    .set({ ...fields, checkedAt: new Date() })
    .where(eq(chainPayouts.transactionId, transactionId));
}

/** Every payout still confirming, oldest first: what the watcher checks. */
export function confirmingPayouts(db: DbOrTx): Promise<TPayoutRow[]> {
  return db
    .select()
    .from(chainPayouts)
    .where(eq(chainPayouts.status, 'confirming'))
    .orderBy(asc(chainPayouts.recordedAt));
}
