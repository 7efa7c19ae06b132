import { and, count, countDistinct, desc, eq, gte, isNull, min, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { transactions } from '../../../db/schema/money.ts';
import { users } from '../../../db/schema/users.ts';

/** Open (not closed) client accounts, and how many distinct countries they live in. */
export async function countClientsAndCountries(db: DbOrTx): Promise<{ clients: number; countries: number }> {
  const [row] = await db
    .select({ clients: count(), countries: countDistinct(sql`nullif(${users.country}, '')`) })
    .from(users)
    .where(and(eq(users.type, 'Client'), isNull(users.closedAt)));
  return { clients: row?.clients ?? 0, countries: row?.countries ?? 0 };
}

/**
 * When the platform's first account was created: the first admin, made at the platform's very first
 * start (or the oldest client carried over from an earlier system). Undefined on an empty database.
 */
export async function firstAccountCreatedAt(db: DbOrTx): Promise<Date | undefined> {
  const [row] = await db.select({ at: min(users.createdAt) }).from(users);
  return row?.at ?? undefined;
}

export interface TActivityRow {
  type: (typeof transactions.$inferSelect)['type'];
  amount: bigint;
  at: Date;
  country: string;
  firstname: string;
  closedAt: Date | null;
}

/** How far back a record may have been created and still complete inside the window (keeps the scan on an index). */
const OLDEST_CREATED_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The newest completed money events of clients since `since`: deposits and withdrawals Completed,
 * investments Approved, by the time they completed. Admin adjustments are not client activity.
 */
export function recentCompletedEvents(db: DbOrTx, since: Date, limit: number): Promise<TActivityRow[]> {
  const at = sql`coalesce(${transactions.decidedAt}, ${transactions.createdAt})`.mapWith(transactions.createdAt);
  return db
    .select({
      type: transactions.type,
      amount: transactions.amount,
      at,
      country: users.country,
      firstname: users.firstname,
      closedAt: users.closedAt,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(
      and(
        isNull(transactions.deletedAt),
        eq(users.type, 'Client'),
        gte(transactions.createdAt, new Date(since.getTime() - OLDEST_CREATED_MS)),
        gte(at, since),
        or(
          and(eq(transactions.type, 'Deposit'), eq(transactions.status, 'Completed')),
          and(eq(transactions.type, 'Withdrawal'), eq(transactions.status, 'Completed')),
          and(eq(transactions.type, 'Investment'), eq(transactions.status, 'Approved')),
        ),
      ),
    )
    .orderBy(desc(at), desc(transactions.id))
    .limit(limit);
}
