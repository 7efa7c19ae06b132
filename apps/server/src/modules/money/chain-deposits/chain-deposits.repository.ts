import { and, asc, desc, eq, gt, inArray, lt, lte, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { chainAddresses, chainBlocks, chainTransfers, chainWatches } from '../../../db/schema/chain.ts';

export type TChainWatchRow = typeof chainWatches.$inferSelect;
export type TChainTransferRow = typeof chainTransfers.$inferSelect;
export type TNewChainTransfer = typeof chainTransfers.$inferInsert;
export type TChainWatchFields = Omit<
  typeof chainWatches.$inferInsert,
  'depositMethodId' | 'cursorNumber' | 'cursorHash' | 'createdAt' | 'updatedAt'
>;

// --- watches --------------------------------------------------------------------------------------

export function listWatches(db: DbOrTx): Promise<TChainWatchRow[]> {
  return db.select().from(chainWatches).orderBy(asc(chainWatches.createdAt));
}

export async function findWatch(db: DbOrTx, methodId: string): Promise<TChainWatchRow | undefined> {
  const [row] = await db.select().from(chainWatches).where(eq(chainWatches.depositMethodId, methodId)).limit(1);
  return row;
}

/** Locks a watch's row: whoever holds it is the one applying blocks to it (docs/money.md). */
export async function lockWatch(tx: Tx, methodId: string): Promise<TChainWatchRow | undefined> {
  const [row] = await tx.select().from(chainWatches).where(eq(chainWatches.depositMethodId, methodId)).for('update');
  return row;
}

/**
 * Creates or changes a watch. A changed key, asset or token starts reading afresh (its cursor and
 * blocks are cleared); a changed node or confirmation count keeps the cursor.
 */
export async function upsertWatch(tx: Tx, methodId: string, fields: TChainWatchFields): Promise<TChainWatchRow> {
  const before = await lockWatch(tx, methodId);
  const restart =
    !before ||
    before.xpub !== fields.xpub ||
    before.asset !== fields.asset ||
    (before.tokenAddress ?? null) !== (fields.tokenAddress ?? null) ||
    (before.startBlock ?? null) !== (fields.startBlock ?? null);
  if (before && restart) await tx.delete(chainBlocks).where(eq(chainBlocks.depositMethodId, methodId));
  const values = { ...fields, ...(restart ? { cursorNumber: null, cursorHash: null } : {}), updatedAt: new Date() };
  const [row] = before
    ? await tx.update(chainWatches).set(values).where(eq(chainWatches.depositMethodId, methodId)).returning()
    : await tx
        .insert(chainWatches)
        .values({ depositMethodId: methodId, ...values })
        .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function setCursor(tx: Tx, methodId: string, number: bigint, hash: string): Promise<void> {
  await tx
    .update(chainWatches)
    .set({ cursorNumber: number, cursorHash: hash, updatedAt: new Date() })
    .where(eq(chainWatches.depositMethodId, methodId));
}

// --- blocks ---------------------------------------------------------------------------------------

export async function insertBlocks(
  tx: Tx,
  methodId: string,
  blocks: { number: bigint; hash: string }[],
): Promise<void> {
  if (blocks.length === 0) return;
  await tx
    .insert(chainBlocks)
    .values(blocks.map((b) => ({ depositMethodId: methodId, number: b.number, hash: b.hash })))
    .onConflictDoUpdate({
      target: [chainBlocks.depositMethodId, chainBlocks.number],
      set: { hash: sql`excluded.hash` },
    });
}

/** The kept blocks, newest first: the candidates for the common ancestor of a reorganisation. */
export function recentBlocks(db: DbOrTx, methodId: string): Promise<{ number: bigint; hash: string }[]> {
  return db
    .select({ number: chainBlocks.number, hash: chainBlocks.hash })
    .from(chainBlocks)
    .where(eq(chainBlocks.depositMethodId, methodId))
    .orderBy(desc(chainBlocks.number));
}

export async function deleteBlocksAbove(tx: Tx, methodId: string, number: bigint): Promise<void> {
  await tx.delete(chainBlocks).where(and(eq(chainBlocks.depositMethodId, methodId), gt(chainBlocks.number, number)));
}

export async function pruneBlocksBelow(tx: Tx, methodId: string, number: bigint): Promise<void> {
  await tx.delete(chainBlocks).where(and(eq(chainBlocks.depositMethodId, methodId), lt(chainBlocks.number, number)));
}

// --- addresses ------------------------------------------------------------------------------------

export async function findAddress(db: DbOrTx, xpub: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ address: chainAddresses.address })
    .from(chainAddresses)
    .where(and(eq(chainAddresses.xpub, xpub), eq(chainAddresses.userId, userId)))
    .limit(1);
  return row?.address;
}

export async function nextAddressIndex(tx: Tx, xpub: string): Promise<number> {
  const [row] = await tx
    .select({ top: max(chainAddresses.index) })
    .from(chainAddresses)
    .where(eq(chainAddresses.xpub, xpub));
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}

/** Inserts a client's address; false when the client already has one (another request was first). */
export async function insertAddress(
  tx: Tx,
  row: { xpub: string; userId: string; index: number; address: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(chainAddresses)
    .values(row)
    .onConflictDoNothing({ target: [chainAddresses.xpub, chainAddresses.userId] })
    .returning({ index: chainAddresses.index });
  return inserted.length > 0;
}

/** Every address of a key with its client: the watcher's in-memory set. */
export function addressesOf(db: DbOrTx, xpub: string): Promise<{ address: string; userId: string }[]> {
  return db
    .select({ address: chainAddresses.address, userId: chainAddresses.userId })
    .from(chainAddresses)
    .where(eq(chainAddresses.xpub, xpub));
}

export async function countAddresses(db: DbOrTx, xpub: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chainAddresses)
    .where(eq(chainAddresses.xpub, xpub));
  return row?.n ?? 0;
}

// --- transfers ------------------------------------------------------------------------------------

/** Of these transaction hashes, the transfers already recorded and not dropped, as `hash:logIndex`. */
export async function liveTransferKeys(tx: Tx, methodId: string, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await tx
    .select({ txHash: chainTransfers.txHash, logIndex: chainTransfers.logIndex })
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.depositMethodId, methodId),
        inArray(chainTransfers.txHash, hashes),
        ne(chainTransfers.status, 'dropped'),
      ),
    );
  return new Set(rows.map((r) => `${r.txHash}:${r.logIndex}`));
}

export async function insertTransfers(tx: Tx, rows: TNewChainTransfer[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(chainTransfers).values(rows);
}

/** Confirming transfers in blocks at or below `number` (due for credit), locked, oldest first. */
export function lockDueTransfers(tx: Tx, methodId: string, number: bigint): Promise<TChainTransferRow[]> {
  return tx
    .select()
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.depositMethodId, methodId),
        eq(chainTransfers.status, 'confirming'),
        lte(chainTransfers.blockNumber, number),
      ),
    )
    .orderBy(asc(chainTransfers.blockNumber), asc(chainTransfers.id))
    .for('update');
}

/** Transfers in blocks above `number` (left the chain in a reorganisation), locked. */
export function lockTransfersAbove(tx: Tx, methodId: string, number: bigint): Promise<TChainTransferRow[]> {
  return tx
    .select()
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.depositMethodId, methodId),
        gt(chainTransfers.blockNumber, number),
        ne(chainTransfers.status, 'dropped'),
      ),
    )
    .for('update');
}

export async function setTransferStatus(
  tx: Tx,
  ids: string[],
  fields: { status: TChainTransferRow['status']; rateCents?: bigint | null; creditedAt?: Date | null },
): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(chainTransfers).set(fields).where(inArray(chainTransfers.id, ids));
}

/** The clients with a confirming transfer on a watch: their "Confirming n/N" moves with each block. */
export async function usersConfirming(tx: Tx, methodId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: chainTransfers.userId })
    .from(chainTransfers)
    .where(and(eq(chainTransfers.depositMethodId, methodId), eq(chainTransfers.status, 'confirming')));
  return rows.map((r) => r.userId);
}

/** A client's transfers on one method, newest first (at most `limit`). */
export function transfersOfUser(
  db: DbOrTx,
  methodId: string,
  userId: string,
  limit: number,
): Promise<TChainTransferRow[]> {
  return db
    .select()
    .from(chainTransfers)
    .where(and(eq(chainTransfers.depositMethodId, methodId), eq(chainTransfers.userId, userId)))
    .orderBy(desc(chainTransfers.createdAt), desc(chainTransfers.id))
    .limit(limit);
}
