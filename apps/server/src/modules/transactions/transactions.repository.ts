import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/money.ts';
import { users } from '../../db/schema/users.ts';
import type { TTransactionRow, TTransactionUser } from './transactions.mapper.ts';

export type TTransactionType = TTransactionRow['type'];
export type TTransactionStatus = TTransactionRow['status'];

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

const userColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  isVerified: users.isVerified,
};

/** A live transaction with its client (the admin detail view). */
export async function findTransactionWithUser(
  db: DbOrTx,
  id: string,
): Promise<{ row: TTransactionRow; user: TTransactionUser } | undefined> {
  const [found] = await db
    .select({ row: transactions, user: userColumns })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(eq(transactions.id, id), isNull(transactions.deletedAt)))
    .limit(1);
  return found;
}

/** The filter of a list: one client's rows, one type's rows, both or neither. */
export function transactionFilter(filter: { userId?: string; type?: TTransactionType }): SQL | undefined {
  const parts = [
    filter.userId === undefined ? undefined : eq(transactions.userId, filter.userId),
    filter.type === undefined ? undefined : eq(transactions.type, filter.type),
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : and(...parts);
}

/** Sums (cents) of one client's live transactions by type and status; served by the user index. */
export async function sumTransactionsOf(
  db: DbOrTx,
  userId: string,
): Promise<{ type: TTransactionType; status: TTransactionStatus; total: bigint }[]> {
  const rows = await db
    .select({
      type: transactions.type,
      status: transactions.status,
      total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text`,
    })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), isNull(transactions.deletedAt)))
    .groupBy(transactions.type, transactions.status);
  return rows.map((r) => ({ type: r.type, status: r.status, total: BigInt(r.total) }));
}
