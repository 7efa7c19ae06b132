import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/money.ts';
import { users } from '../../db/schema/users.ts';
import type { TTransactionRow, TTransactionUser } from './transactions.mapper.ts';

export type TNewTransaction = typeof transactions.$inferInsert;

export async function insertTransaction(db: DbOrTx, row: TNewTransaction): Promise<TTransactionRow> {
  const [created] = await db.insert(transactions).values(row).returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

/** Reads a live (not deleted) transaction and locks it: status changes re-read under the lock. */
export async function lockTransaction(tx: Tx, id: string): Promise<TTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), isNull(transactions.deletedAt)))
    .for('update');
  return row;
}

export async function findTransaction(db: DbOrTx, id: string): Promise<TTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), isNull(transactions.deletedAt)))
    .limit(1);
  return row;
}

/**
 * One page of live transactions matching `filter`, newest first, with the client of each row and
 * the page count. Served by the (user_id, created_at) and (type, created_at) indexes.
 */
export async function pageTransactions(
  db: DbOrTx,
  filter: SQL | undefined,
  page: number,
  limit: number,
): Promise<{ rows: { row: TTransactionRow; user: TTransactionUser }[]; total: number }> {
  const where = filter ? and(isNull(transactions.deletedAt), filter) : isNull(transactions.deletedAt);
  const rows = await db
    .select({
      row: transactions,
      user: {
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        isVerified: users.isVerified,
      },
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await db.select({ n: count() }).from(transactions).where(where);
  return { rows, total: counted?.n ?? 0 };
}
