import { encodeTimeIdCursor, type TTimeIdKey } from '@meridian/contracts/cursor';
import { type TPageQuery, totalPages } from '@meridian/contracts/pagination';
import type { TTransaction, TTransactionListQuery, TTransactionPage } from '@meridian/contracts/transactions';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { CountCache, pageStart, type TPageStart } from '../../../lib/paging.ts';
import { toApiTransaction } from './transactions.mapper.ts';
import {
  countTransactions,
  findTransaction,
  findTransactionWithUser,
  listOwnTransactionRows,
  listTransactionRows,
  liveTransactionCount,
  type TListedTransaction,
  type TTransactionType,
  transactionFilter,
} from './transactions.repository.ts';

/**
 * The unified history (docs/money.md): lists, one record, and the admin's status and delete
 * actions, which go to the service of the record's type.
 */

/**
 * One page of live transactions by offset, newest first, with its exact page count; admin lists
 * carry each row's client. For the lists that stay small: a client's deposits or withdrawals.
 */
export async function listTransactions(
  db: Db,
  filter: { userId?: string; type?: TTransactionType },
  { page, limit }: TPageQuery,
  options: { withUser: boolean },
): Promise<{ items: TTransaction[]; totalPage: number }> {
  const where = transactionFilter(filter);
  const [rows, total] = await Promise.all([
    listTransactionRows(db, where, { offset: (page - 1) * limit }, limit),
    countTransactions(db, where),
  ]);
  return {
    items: rows.map(({ row, user }) => toApiTransaction(row, options.withUser ? user : undefined)),
    totalPage: totalPages(total, limit),
  };
}

/**
 * The totals of every client's transactions (of one type, or all): an exact count reads the whole
 * index (2M rows), too much for every page an admin turns, so it is made at most every 5 seconds.
 */
const allClientsCounts = new CountCache(5_000);

/** A row of a page; a client's own rows come without their client (`user`). */
type TListedRow = Omit<TListedTransaction, 'user'> & { user?: TListedTransaction['user'] };

/** Where a client's own page starts when it is one of their prepared statements (the first page, Next), or null. */
function ownStartOf(
  filter: { userId?: string; type?: TTransactionType },
  start: TPageStart,
): { offset: 0 } | { after: TTimeIdKey } | null {
  if (filter.userId === undefined || filter.type !== undefined) return null;
  return 'after' in start ? start : 'offset' in start && start.offset === 0 ? { offset: 0 } : null;
}

/**
 * The rows of a page from `start`, and whether rows come before it (newer) and after it (older); a
 * client's own page read by its prepared statement also brings their live count (`live`).
 */
async function readPage(
  db: Db,
  filter: { userId?: string; type?: TTransactionType },
  start: TPageStart,
  limit: number,
): Promise<{ shown: TListedRow[]; newer: boolean; older: boolean; live?: number | undefined }> {
  // One row more than the page, to know whether another page follows in the direction read. A
  // client's first page and their Next are prepared statements; the rest is built per request.
  const ownStart = ownStartOf(filter, start);
  if (ownStart && filter.userId !== undefined) {
    const { rows, live } = await listOwnTransactionRows(db, filter.userId, ownStart, limit + 1);
    return { shown: rows.slice(0, limit), newer: 'after' in ownStart, older: rows.length > limit, live };
  }
  const rows = await listTransactionRows(db, transactionFilter(filter), start, limit + 1);
  if (!('before' in start)) {
    const newer = 'after' in start || start.offset > 0;
    return { shown: rows.slice(0, limit), newer, older: rows.length > limit };
  }
  // Read upwards, the extra row is the newest one. Without it the top of the list is reached, and
  // the page shown is the first page whole.
  if (rows.length > limit) return { shown: rows.slice(1), newer: true, older: true };
  const top = await listTransactionRows(db, transactionFilter(filter), { offset: 0 }, limit + 1);
  return { shown: top.slice(0, limit), newer: false, older: top.length > limit };
}

/**
 * One page of the history: a client's own (`userId`, every type), or every client's, optionally of
 * one type, each row with its client. With `after` or `before` (a cursor of a page's answer) the
 * page is the `limit` rows after or before that row, one index range scan however deep; without
 * one, page `page` by offset. Back at the top (fewer than `limit` newer rows), the first page.
 * The page count comes from the client's count row, or for every client's list from a count reused
 * for a few seconds, never from counting a client's whole history per request.
 */
export async function pageHistory(
  db: Db,
  { type, page, limit, after, before }: TTransactionListQuery,
  userId?: string,
): Promise<TTransactionPage> {
  const filter = transactionFilter({ userId, type });
  const start = pageStart({ page, limit, after, before });
  // A client's first page and their Next read the count row in the page's own statement.
  const countInPage = ownStartOf({ userId, type }, start) !== null;
  const [{ shown, newer, older, live }, counted] = await Promise.all([
    readPage(db, { userId, type }, start, limit),
    userId === undefined
      ? allClientsCounts.get(db, type ?? '*', () => countTransactions(db, transactionFilter({ type })))
      : countInPage
        ? undefined
        : type === undefined
          ? liveTransactionCount(db, userId)
          : countTransactions(db, filter),
  ]);
  // A page without rows carried no count: read it on its own (only past the end of a history).
  const total = counted ?? live ?? (userId === undefined ? 0 : await liveTransactionCount(db, userId));
  const firstRow = shown[0];
  const lastRow = shown.at(-1);
  return {
    transactions: shown.map(({ row, user }) => toApiTransaction(row, userId === undefined ? user : undefined)),
    totalPage: totalPages(total, limit),
    nextCursor: older && lastRow ? encodeTimeIdCursor(lastRow.key) : null,
    prevCursor: newer && firstRow ? encodeTimeIdCursor(firstRow.key) : null,
  };
}

/**
 * One transaction: a client reads only their own (another client's id is "not found", exactly as
 * an id that does not exist); an admin reads any, with its client.
 */
export async function readTransaction(db: Db, caller: TCaller, id: string): Promise<TTransaction> {
  if (caller.type === 'Admin') {
    const found = await findTransactionWithUser(db, id);
    if (!found) throw notFound();
    return toApiTransaction(found.row, found.user);
  }
  const row = await findTransaction(db, id);
  if (row?.userId !== caller.id) throw notFound();
  return toApiTransaction(row);
}

// What other modules may read and write of the transactions table, which this module owns
// (docs/architecture.md, "Boundaries").
export {
  countPendingDeposits,
  findTransaction,
  insertTransaction,
  insertTransactions,
  lockTransaction,
} from './transactions.repository.ts';
