import { decodeTimeIdCursor, type TTimeIdKey } from '@meridian/contracts/cursor';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';

/**
 * What the long lists share (docs/architecture.md, "Lists at scale"): where a page starts, read
 * from the query's cursor or its page number, and the totals of lists too large to count for every
 * page.
 */

/** Where a page starts: so many rows from the newest, or right after or right before a row (keyset). */
export type TPageStart = { offset: number } | { after: TTimeIdKey } | { before: TTimeIdKey };

/**
 * The start a list query asks for. A cursor the server did not write is refused with 422 on its
 * field, so the database is never asked with a value it would refuse; a cursor only says where to
 * start: the list's own filter always applies.
 */
export function pageStart(query: {
  page: number;
  limit: number;
  after?: string | undefined;
  before?: string | undefined;
}): TPageStart {
  if (query.after !== undefined) return { after: cursorKey(query.after, 'after') };
  if (query.before !== undefined) return { before: cursorKey(query.before, 'before') };
  return { offset: (query.page - 1) * query.limit };
}

function cursorKey(cursor: string, field: 'after' | 'before'): TTimeIdKey {
  const key = decodeTimeIdCursor(cursor);
  if (!key) throw AppError.refused('validation.invalidValue', {}, { field });
  return key;
}

/**
 * Totals of a list by filter, counted at most once per `ttlMs` per filter and database in this
 * process: they size a pager, never money. Requests arriving while a count runs share it; a count
 * that fails is not kept; the oldest filters go first beyond `maxFilters`.
 */
export class CountCache {
  private readonly byDb = new WeakMap<Db, Map<string, { at: number; total: Promise<number> }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxFilters = 100,
  ) {}

  /** The filter's total: the one counted within `ttlMs`, or `count()`'s. */
  get(db: Db, filter: string, count: () => Promise<number>): Promise<number> {
    const known = this.byDb.get(db)?.get(filter);
    if (known && Date.now() - known.at < this.ttlMs) return known.total;
    const total = count();
    this.remember(db, filter, total);
    return total;
  }

  /** A total known without counting (a page by number that reached the end). */
  remember(db: Db, filter: string, total: Promise<number>): void {
    let counts = this.byDb.get(db);
    if (!counts) {
      counts = new Map();
      this.byDb.set(db, counts);
    }
    const kept = counts;
    kept.delete(filter);
    kept.set(filter, { at: Date.now(), total });
    // The oldest goes first: a Map keeps the order entries were set in.
    if (kept.size > this.maxFilters) kept.delete(kept.keys().next().value ?? filter);
    total.catch(() => {
      if (kept.get(filter)?.total === total) kept.delete(filter);
    });
  }

  /** Forgets every total of `db` (a change that alters them all). */
  forget(db: Db): void {
    this.byDb.delete(db);
  }
}
