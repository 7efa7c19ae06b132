import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../../db/client.ts';
import { investments } from '../../../db/schema/investments.ts';
import { transactions, withdrawalCodes } from '../../../db/schema/money.ts';
import { passwordResetTokens, unlockRequests } from '../../../db/schema/recovery.ts';
import { orders, positions, signalTrades } from '../../../db/schema/trading.ts';
import { type TUserRow, users } from '../../../db/schema/users.ts';
import type { TPageStart } from '../../../lib/paging.ts';

/** What a row of the Client Management table needs; nothing else leaves the users table. */
const listColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  email: users.email,
  phone: users.phone,
  country: users.country,
  profile: users.profile,
  isActive: users.isActive,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
};
export type TClientListRow = Pick<TUserRow, keyof typeof listColumns>;

/**
 * Open client accounts: type Client and not closed. Written with the literal (not a bound
 * parameter), so that every plan, prepared or not, can use the partial index of open clients.
 */
const openClients = sql`${users.type} = 'Client' and ${users.closedAt} is null`;

/**
 * `created_at` to the microsecond in UTC, `2026-11-24T11:03:45.123456Z`: the sort key a cursor
 * carries (contracts/cursor.ts). A JavaScript Date would keep milliseconds only, and two clients
 * created in the same millisecond would then fall between two pages.
 */
const createdAtKey = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A row of the list and its sort key, for the cursors of the page. */
export type TClientPageRow = TClientListRow & { key: string };

/** Where a page of the list starts: a number of rows from the start, or just after or before a row's key. */
/**
 * One page of open client accounts (those matching `match` when given), newest first, ordered by
 * (created_at, id) so that pages never overlap, and whether more rows follow in the direction it was
 * read (after the page, or before it for `before`). One row more than the page is read to know.
 *
 * A page by key reads only its own rows from the partial index of open clients on (created_at, id)
 * (the row comparison is its index condition), however deep it is; a page by number walks past the
 * rows before it in the same index.
 */
export async function pageClients(
  db: DbOrTx,
  at: TPageStart,
  limit: number,
  match?: SQL,
): Promise<{ rows: TClientPageRow[]; more: boolean }> {
  const backwards = 'before' in at;
  const conditions = [openClients, match];
  if ('after' in at) {
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${at.after.at}::timestamptz, ${at.after.id}::uuid)`);
  }
  if ('before' in at) {
    conditions.push(sql`(${users.createdAt}, ${users.id}) > (${at.before.at}::timestamptz, ${at.before.id}::uuid)`);
  }
  const query = db
    .select({ ...listColumns, key: createdAtKey })
    .from(users)
    .where(and(...conditions))
    .orderBy(...(backwards ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)]))
    .limit(limit + 1)
    .$dynamic();
  const found = await ('offset' in at && at.offset > 0 ? query.offset(at.offset) : query);
  const rows = found.slice(0, limit);
  return { rows: backwards ? rows.reverse() : rows, more: found.length > limit };
}

/**
 * How many open client accounts there are (matching `match` when given). A full count: the
 * service keeps it a few seconds rather than counting on every page.
 */
export async function countClients(db: DbOrTx, match?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(openClients, match));
  return row?.n ?? 0;
}

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every searchable field of a client in one text, as the trigram index of client search
 * (users_client_search_trgm_idx) is built on it: the planner uses the index only for this exact
 * expression. The full name comes first ("first last"); the other fields follow, each after a
 * U+0001, a character no search text can hold (contracts/fields.ts refuses control characters),
 * so that a match never spans two of them.
 */
const searchableText = sql`(${users.firstname} || ' ' || ${users.lastname} || E'\\x01' || ${users.email} || E'\\x01' || ${users.username} || E'\\x01' || ${users.phone})`;

/**
 * Client search: the text anywhere in the first, last or full name, the email, the username or the
 * phone number, case-insensitively. For text without U+0001 (all that the API lets through), one
 * ILIKE on `searchableText` is exactly that: the text is inside "first last" (which holds every
 * match in the first, last or full name) or inside one of the other fields. The one condition
 * lets the trigram index find the rows of a rare text, and lets the planner, from the statistics
 * of the indexed expression, walk the newest clients instead when the text is common. Text without
 * three letters or digits in a row gives the index nothing to look up: then the clients are read
 * in the list's order until a page is full, as without the index.
 */
export function clientMatches(text: string): SQL {
  const pattern = containsPattern(text);
  if (!text.includes('\u0001')) return sql`${searchableText} ilike ${pattern}`;
  return sql`(
    ${users.firstname} ilike ${pattern}
    or ${users.lastname} ilike ${pattern}
    or (${users.firstname} || ' ' || ${users.lastname}) ilike ${pattern}
    or ${users.email} ilike ${pattern}
    or ${users.username} ilike ${pattern}
    or ${users.phone} ilike ${pattern}
  )`;
}

/** What of a client's can still move money into or out of the account, by kind (see `openItemsOf`). */
export interface TOpenItems {
  deposits: number;
  investments: number;
  positions: number;
  orders: number;
  signals: number;
}

/**
 * How many of the client's records can still move money: live Pending deposits (completing one
 * credits the balance), investments Pending or Approved and not yet matured (payouts and the
 * principal are still to come), open positions, pending orders (filling one opens a position) and
 * signal entries not yet settled. Pending
 * withdrawals are not counted here: each holds its amount in `withdrawal_hold`, which the caller
 * checks with the balances. Call it under the client's row lock.
 */
export async function openItemsOf(tx: Tx, userId: string): Promise<TOpenItems> {
  const [row] = await queryRows<Record<keyof TOpenItems, number | string>>(
    tx,
    sql`select
      (select count(*) from ${transactions} t
        where t.user_id = ${userId} and t.type = 'Deposit' and t.status = 'Pending' and t.deleted_at is null
      ) as deposits,
      (select count(*) from ${investments} i join ${transactions} t on t.id = i.id
        where i.user_id = ${userId} and t.deleted_at is null
          and (t.status = 'Pending' or (t.status = 'Approved' and i.matured_at is null))
      ) as investments,
      (select count(*) from ${positions} p where p.user_id = ${userId} and p.status = 'open') as positions,
      (select count(*) from ${orders} o where o.user_id = ${userId} and o.status = 'pending') as orders,
      (select count(*) from ${signalTrades} s where s.user_id = ${userId} and s.status = 'active') as signals`,
  );
  return {
    deposits: Number(row?.deposits ?? 0),
    investments: Number(row?.investments ?? 0),
    positions: Number(row?.positions ?? 0),
    orders: Number(row?.orders ?? 0),
    signals: Number(row?.signals ?? 0),
  };
}

/**
 * Deletes what a closed client leaves in the account's own records that is about them and not about
 * money: unlock requests, reset links, withdrawal codes (their messages and KYC submissions go
 * through those areas' repositories). Answers the file keys to delete from the store once the
 * transaction has committed.
 */
export async function deletePersonalRecords(tx: Tx, userId: string): Promise<string[]> {
  const unlock = await tx
    .delete(unlockRequests)
    .where(eq(unlockRequests.userId, userId))
    .returning({ image: unlockRequests.imageKey });
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(withdrawalCodes).where(eq(withdrawalCodes.userId, userId));
  return unlock.map((u) => u.image);
}
