import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { insertRows } from '../../../db/group-commit.ts';
import { reserveDeclarations, reserveLeaves, reserveSnapshots } from '../../../db/schema/reserves.ts';
import { users } from '../../../db/schema/users.ts';

export type TSnapshotRow = typeof reserveSnapshots.$inferSelect;
export type TNewSnapshot = typeof reserveSnapshots.$inferInsert;
export type TLeafRow = typeof reserveLeaves.$inferSelect;
export type TDeclarationRow = typeof reserveDeclarations.$inferSelect;

const person = alias(users, 'person');
const personName = { firstname: person.firstname, lastname: person.lastname };

export type TWithPerson<T> = T & { person: { firstname: string; lastname: string } };

// --- declarations ---------------------------------------------------------------------------------

/** The declarations standing now (not removed or replaced), newest first, with who declared each. */
export async function standingDeclarations(db: DbOrTx): Promise<TWithPerson<TDeclarationRow>[]> {
  const rows = await db
    .select({ row: reserveDeclarations, person: personName })
    .from(reserveDeclarations)
    .innerJoin(person, eq(person.id, reserveDeclarations.declaredBy))
    .where(isNull(reserveDeclarations.removedAt))
    .orderBy(desc(reserveDeclarations.declaredAt), asc(reserveDeclarations.id));
  return rows.map(({ row, person }) => ({ ...row, person }));
}

export async function findDeclaration(db: DbOrTx, id: string): Promise<TWithPerson<TDeclarationRow> | undefined> {
  const [found] = await db
    .select({ row: reserveDeclarations, person: personName })
    .from(reserveDeclarations)
    .innerJoin(person, eq(person.id, reserveDeclarations.declaredBy))
    .where(eq(reserveDeclarations.id, id));
  return found && { ...found.row, person: found.person };
}

/** A standing declaration, locked: removing or replacing it happens once. */
export async function lockStandingDeclaration(tx: Tx, id: string): Promise<TDeclarationRow | undefined> {
  const [row] = await tx
    .select()
    .from(reserveDeclarations)
    .where(and(eq(reserveDeclarations.id, id), isNull(reserveDeclarations.removedAt)))
    .for('update');
  return row;
}

export async function insertDeclaration(
  tx: Tx,
  row: Pick<TDeclarationRow, 'label' | 'amount' | 'evidence' | 'declaredBy' | 'replacesId'>,
): Promise<TDeclarationRow> {
  const [inserted] = await tx.insert(reserveDeclarations).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

export async function markRemoved(tx: Tx, id: string, removedBy: string): Promise<void> {
  await tx.update(reserveDeclarations).set({ removedAt: new Date(), removedBy }).where(eq(reserveDeclarations.id, id));
}

// --- snapshots ------------------------------------------------------------------------------------

export async function insertSnapshot(
  tx: Tx,
  snapshot: TNewSnapshot,
  leaves: Omit<TLeafRow, 'snapshotId'>[],
): Promise<TSnapshotRow> {
  const [row] = await tx.insert(reserveSnapshots).values(snapshot).returning();
  if (!row) throw new Error('insert returned no row');
  await insertRows(
    tx,
    reserveLeaves,
    leaves.map((leaf) => ({ ...leaf, snapshotId: row.id })),
  );
  return row;
}

/** Snapshots newest first, with who took each. */
export async function recentSnapshots(db: DbOrTx, limit: number): Promise<TWithPerson<TSnapshotRow>[]> {
  const rows = await db
    .select({ row: reserveSnapshots, person: personName })
    .from(reserveSnapshots)
    .innerJoin(person, eq(person.id, reserveSnapshots.createdBy))
    .orderBy(desc(reserveSnapshots.createdAt), desc(reserveSnapshots.id))
    .limit(limit);
  return rows.map(({ row, person }) => ({ ...row, person }));
}

export async function findSnapshotWithPerson(db: DbOrTx, id: string): Promise<TWithPerson<TSnapshotRow> | undefined> {
  const [found] = await db
    .select({ row: reserveSnapshots, person: personName })
    .from(reserveSnapshots)
    .innerJoin(person, eq(person.id, reserveSnapshots.createdBy))
    .where(eq(reserveSnapshots.id, id));
  return found && { ...found.row, person: found.person };
}

export async function findSnapshot(db: DbOrTx, id: string): Promise<TSnapshotRow | undefined> {
  const [row] = await db.select().from(reserveSnapshots).where(eq(reserveSnapshots.id, id));
  return row;
}

export async function latestSnapshot(db: DbOrTx): Promise<TSnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(reserveSnapshots)
    .orderBy(desc(reserveSnapshots.createdAt), desc(reserveSnapshots.id))
    .limit(1);
  return row;
}

export async function findLeaf(db: DbOrTx, snapshotId: string, userId: string): Promise<TLeafRow | undefined> {
  const [row] = await db
    .select()
    .from(reserveLeaves)
    .where(and(eq(reserveLeaves.snapshotId, snapshotId), eq(reserveLeaves.userId, userId)));
  return row;
}

export async function leafHashesOf(db: DbOrTx, snapshotId: string): Promise<string[]> {
  const rows = await db
    .select({ hash: reserveLeaves.hash })
    .from(reserveLeaves)
    .where(eq(reserveLeaves.snapshotId, snapshotId));
  return rows.map((r) => r.hash);
}
