import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Keyset paging of the long lists (docs/architecture.md, "Lists at scale"): a page is read from
 * the cursor of a neighbouring page already in the cache, or by its number alone.
 */
export type TPageCursor = { after: string } | { before: string } | Record<string, never>;

/** What a cached page of such a list carries. */
interface TPageWithCursors {
  nextCursor?: string | null;
  prevCursor?: string | null;
}

/**
 * Where page `page` starts: after the last row of the page before it (Next), else before the first
 * row of the page after it (Previous). Neither is there after a reload, a link or a jump: the page
 * is then read by its number. Page 1 is always read from the top, so it shows the newest rows even
 * when the page after it was read before they came.
 */
export function neighbourCursor(client: QueryClient, keyOf: (page: number) => QueryKey, page: number): TPageCursor {
  if (page <= 1) return {};
  const after = client.getQueryData<TPageWithCursors>(keyOf(page - 1))?.nextCursor;
  if (after) return { after };
  const before = client.getQueryData<TPageWithCursors>(keyOf(page + 1))?.prevCursor;
  return before ? { before } : {};
}

/**
 * Reads a page by its neighbour's cursor; a cursor the server no longer accepts (422, say one kept
 * from before an update) falls back to the page by number.
 */
export async function readPage<T>(cursor: TPageCursor, read: (cursor: TPageCursor) => Promise<T>): Promise<T> {
  try {
    return await read(cursor);
  } catch (err) {
    if (Object.keys(cursor).length > 0 && err instanceof ApiError && err.status === 422) return read({});
    throw err;
  }
}
