import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { depositMethods, withdrawalMethods } from '../../../db/schema/money.ts';

export type TDepositMethodRow = typeof depositMethods.$inferSelect;
export type TNewDepositMethod = typeof depositMethods.$inferInsert;
export type TWithdrawalMethodRow = typeof withdrawalMethods.$inferSelect;
export type TNewWithdrawalMethod = typeof withdrawalMethods.$inferInsert;

/** The fields an admin may change; amounts in cents. */
export type TDepositMethodFields = Pick<
  TNewDepositMethod,
  'name' | 'value' | 'description' | 'minAmount' | 'maxAmount'
>;
export type TWithdrawalMethodFields = Pick<TNewWithdrawalMethod, 'name' | 'description' | 'minAmount' | 'maxAmount'>;

// --- deposit methods ------------------------------------------------------------------------------

/** Live (not deleted) deposit methods, newest first. */
export function listDepositMethods(db: DbOrTx): Promise<TDepositMethodRow[]> {
  return db
    .select()
    .from(depositMethods)
    .where(isNull(depositMethods.deletedAt))
    .orderBy(desc(depositMethods.createdAt), desc(depositMethods.id));
}

export async function findDepositMethod(db: DbOrTx, id: string): Promise<TDepositMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(depositMethods)
    .where(and(eq(depositMethods.id, id), isNull(depositMethods.deletedAt)))
    .limit(1);
  return row;
}

/** Reads a live deposit method and locks it for the rest of the transaction. */
export async function lockDepositMethod(tx: Tx, id: string): Promise<TDepositMethodRow | undefined> {
  const [row] = await tx
    .select()
    .from(depositMethods)
    .where(and(eq(depositMethods.id, id), isNull(depositMethods.deletedAt)))
    .for('update');
  return row;
}

export async function insertDepositMethod(db: DbOrTx, fields: TDepositMethodFields): Promise<TDepositMethodRow> {
  const [row] = await db.insert(depositMethods).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateDepositMethod(
  db: DbOrTx,
  id: string,
  fields: TDepositMethodFields,
): Promise<TDepositMethodRow> {
  const [row] = await db.update(depositMethods).set(fields).where(eq(depositMethods.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function softDeleteDepositMethod(db: DbOrTx, id: string): Promise<void> {
  await db.update(depositMethods).set({ deletedAt: sql`now()` }).where(eq(depositMethods.id, id));
}

// --- withdrawal methods ---------------------------------------------------------------------------

/** Live (not deleted) withdrawal methods, newest first. */
export function listWithdrawalMethods(db: DbOrTx): Promise<TWithdrawalMethodRow[]> {
  return db
    .select()
    .from(withdrawalMethods)
    .where(isNull(withdrawalMethods.deletedAt))
    .orderBy(desc(withdrawalMethods.createdAt), desc(withdrawalMethods.id));
}

/** A method clients may still use (not deleted). */
export async function findWithdrawalMethod(db: DbOrTx, id: string): Promise<TWithdrawalMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalMethods)
    .where(and(eq(withdrawalMethods.id, id), isNull(withdrawalMethods.deletedAt)))
    .limit(1);
  return row;
}

/** Reads a live withdrawal method and locks it for the rest of the transaction. */
export async function lockWithdrawalMethod(tx: Tx, id: string): Promise<TWithdrawalMethodRow | undefined> {
  const [row] = await tx
    .select()
    .from(withdrawalMethods)
    .where(and(eq(withdrawalMethods.id, id), isNull(withdrawalMethods.deletedAt)))
    .for('update');
  return row;
}

export async function insertWithdrawalMethod(
  db: DbOrTx,
  fields: TWithdrawalMethodFields,
): Promise<TWithdrawalMethodRow> {
  const [row] = await db.insert(withdrawalMethods).values(fields).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateWithdrawalMethod(
  db: DbOrTx,
  id: string,
  fields: TWithdrawalMethodFields,
): Promise<TWithdrawalMethodRow> {
  const [row] = await db.update(withdrawalMethods).set(fields).where(eq(withdrawalMethods.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function softDeleteWithdrawalMethod(db: DbOrTx, id: string): Promise<void> {
  await db.update(withdrawalMethods).set({ deletedAt: sql`now()` }).where(eq(withdrawalMethods.id, id));
}
