import type { TTransaction, TTransactionPage } from '@meridian/contracts/transactions';

/**
 * A server's keyset paging over `rows`, ten to a page (docs/architecture.md, "Lists at scale"):
 * a page's cursors are `row-<index>` of its last and first rows, and a request is answered from
 * its `after` or `before` cursor, else by its `page` number. Hand it an endpoint's query.
 */
export function cursorPages(
  rows: readonly TTransaction[],
  totalPage: number,
): (query: URLSearchParams) => TTransactionPage {
  const pageFrom = (start: number): TTransactionPage => {
    const end = Math.min(start + 10, rows.length);
    return {
      transactions: rows.slice(start, end),
      totalPage,
      nextCursor: end < rows.length ? `row-${end - 1}` : null,
      prevCursor: start > 0 ? `row-${start}` : null,
    };
  };
  const rowOf = (cursor: string) => Number(cursor.slice('row-'.length));
  return (query) => {
    const after = query.get('after');
    const before = query.get('before');
    if (after) return pageFrom(rowOf(after) + 1);
    if (before) return pageFrom(Math.max(0, rowOf(before) - 10));
    return pageFrom((Number(query.get('page') ?? '1') - 1) * 10);
  };
}
