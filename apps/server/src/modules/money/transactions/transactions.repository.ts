import type { TTimeIdKey } from '@meridian/contracts/cursor';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { insertRow } from '../../../db/group-commit.ts';
import { prepared } from '../../../db/prepared.ts';
import { transactionCounts, transactions } from '../../../db/schema/money.ts';
import { users } from '../../../db/schema/users.ts';
import type { TPageStart } from '../../../lib/paging.ts';
import { noteLiveChange } from '../../platform/live/index.ts';
import type { TTransactionRow, TTransactionUser } from './transactions.mapper.ts';

export type TTransactionType = TTransactionRow['type'];
export type TTransactionStatus = TTransactionRow['status'];

export type TNewTransaction = typeof transactions.$inferInsert;

const userColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  isVerified: users.isVerified,
};

export async function insertTransaction(db: DbOrTx, row: TNewTransaction): Promise<TTransactionRow> {
  const created = await insertRow(db, transactions, row);
  if (created.userId) noteLiveChange(db, created.userId, ['transactions']);
  return created;
}

/** Inserts many rows in one statement (work that settles rows in bulk: filled orders' positions). */
export async function insertTransactions(tx: Tx, rows: TNewTransaction[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(transactions).values(rows);
  for (const row of rows) if (row.userId) noteLiveChange(tx, row.userId, ['transactions']);
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

export interface TListedTransaction {
  row: TTransactionRow;
  user: TTransactionUser;
  /** The row's place in the order, to make a cursor of. */
  key: TTimeIdKey;
}

/** `created_at` to the microsecond, UTC, as a cursor carries it (contracts/cursor.ts): a JS Date keeps only milliseconds. */
const cursorAt = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const position = sql`(${transactions.createdAt}, ${transactions.id})`;
const positionOf = (key: TTimeIdKey) => sql`(${key.at}::timestamptz, ${key.id}::uuid)`;

/**
 * Up to `take` live transactions matching `filter`, newest first (`created_at`, then `id`), with the
 * client of each row, from `start`. Each read is one range scan of the list's index (money.ts):
 * after a row, the next rows down; before it, the rows up from it, read upwards and turned round.
 * An offset is read through every row it skips (only a reload or a link deep in a list does).
 */
export async function listTransactionRows(
  db: DbOrTx,
  filter: SQL | undefined,
  start: TPageStart,
  take: number,
): Promise<TListedTransaction[]> {
  const parts = [isNull(transactions.deletedAt), filter];
  if ('after' in start) parts.push(sql`${position} < ${positionOf(start.after)}`);
  if ('before' in start) parts.push(sql`${position} > ${positionOf(start.before)}`);
  const upwards = 'before' in start;
  const order = upwards
    ? [asc(transactions.createdAt), asc(transactions.id)]
    : [desc(transactions.createdAt), desc(transactions.id)];
  const rows = await db
    .select({ row: transactions, user: userColumns, at: cursorAt })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(...parts))
    .orderBy(...order)
    .limit(take)
    .offset('offset' in start ? start.offset : 0);
  const listed = rows.map(({ row, user, at }) => ({ row, user, key: { at, id: row.id } }));
  return upwards ? listed.reverse() : listed;
}

/**
 * The client's count row (`liveTransactionCount`), read by the page's own statement: one round trip
 * for the page and its page count. PostgreSQL reads it once per statement (an InitPlan).
 */
const ownLiveCount =
  sql`(select ${transactionCounts.live} from ${transactionCounts} where ${transactionCounts.userId} = ${sql.placeholder('userId')})`.mapWith(
    transactionCounts.live,
  );

const ownNewest = (db: Db) =>
  db
    .select({ row: transactions, at: cursorAt, live: ownLiveCount })
    .from(transactions)
    .where(and(eq(transactions.userId, sql.placeholder('userId')), isNull(transactions.deletedAt)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(sql.placeholder('take'))
    .prepare('history_own_newest');

const ownAfter = (db: Db) =>
  db
    .select({ row: transactions, at: cursorAt, live: ownLiveCount })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, sql.placeholder('userId')),
        isNull(transactions.deletedAt),
        sql`${position} < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(sql.placeholder('take'))
    .prepare('history_own_after');

/**
 * `listTransactionRows` for the pages a client turns most (the first, and Next from a page): their
 * own rows, without their client, as prepared statements (db/prepared.ts), with how many live
 * transactions the client has (`liveTransactionCount`) when the page has a row to carry it.
 */
export async function listOwnTransactionRows(
  db: Db,
  userId: string,
  start: { offset: 0 } | { after: TTimeIdKey },
  take: number,
): Promise<{ rows: { row: TTransactionRow; key: TTimeIdKey }[]; live: number | undefined }> {
  const rows =
    'after' in start
      ? await prepared(db, ownAfter).execute({ userId, at: start.after.at, id: start.after.id, take })
      : await prepared(db, ownNewest).execute({ userId, take });
  const first = rows[0];
  return {
    rows: rows.map(({ row, at }) => ({ row, key: { at, id: row.id } })),
    live: first === undefined ? undefined : Number(first.live ?? 0n),
  };
}

/**
 * How many live transactions match `filter`, counted: per request only for a client's own lists; every
 * client's is counted through the service's short-lived cache.
 */
export async function countTransactions(db: DbOrTx, filter: SQL | undefined): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(isNull(transactions.deletedAt), filter));
  return counted?.n ?? 0;
}

const liveCount = (db: Db) =>
  db
    .select({ live: transactionCounts.live })
    .from(transactionCounts)
    .where(eq(transactionCounts.userId, sql.placeholder('userId')))
    .prepare('transaction_live_count');

/** How many live transactions a client has, as the triggers keep it (migration 0008): one row read. */
export async function liveTransactionCount(db: Db, userId: string): Promise<number> {
  const [row] = await prepared(db, liveCount).execute({ userId });
  return Number(row?.live ?? 0n);
}

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

/** How many live (not deleted) Pending deposits a client has. Call it under the client's row lock. */
export async function countPendingDeposits(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.type, 'Deposit'),
        eq(transactions.status, 'Pending'),
        isNull(transactions.deletedAt),
      ),
    );
  return row?.n ?? 0;
}
