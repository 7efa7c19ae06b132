import { base64urlnopad } from '@scure/base';
import { z } from 'zod';
import type { TMessageKey } from './messages.ts';

/**
 * Keyset (cursor) paging of the long lists, the same for every list that offers it:
 *
 * - The query takes at most one of `after` and `before`: the `nextCursor` or `prevCursor` of a page
 *   the caller already has, for the page just after it or just before it. `page` stays, for the
 *   pager; a request without a cursor (a reload, a shared link) is read by page number (OFFSET).
 * - The answer carries `nextCursor` and `prevCursor`, null when there is nothing further that way.
 * - A cursor is opaque to the caller. The server writes base64url (no padding) of `<at>|<id>`: the
 *   edge row's timestamp to the microsecond as UTC text (`2026-11-24T11:03:45.123456Z`, written by
 *   the database: a JavaScript Date keeps milliseconds only, and rows created in the same
 *   millisecond would be skipped or repeated) and its id, which orders rows of the same instant.
 *   One the server cannot read is refused with 422; `after` and `before` together with 400.
 */

/** Far longer than any cursor the server writes (about 84 characters). */
export const CURSOR_MAX = 200;

const ZCursor = z.string().max(CURSOR_MAX, { error: 'validation.tooLong' satisfies TMessageKey });

/** The query fields of a list with cursors; its schema spreads them in and refines with `oneCursorAtMost`. */
export const cursorQuery = { after: ZCursor.optional(), before: ZCursor.optional() };

/** `after` and `before` together make no sense. */
export const oneCursorAtMost = (query: { after?: string | undefined; before?: string | undefined }) =>
  query.after === undefined || query.before === undefined;

/** The refinement's refusal (400), on `before`. */
export const oneCursorAtMostError = { error: 'validation.invalidValue' satisfies TMessageKey, path: ['before'] };

/** The answer fields of a list with cursors; an answer without them (a test's fixture) reads as no cursor. */
export const cursorPage = {
  nextCursor: z.string().nullable().default(null),
  prevCursor: z.string().nullable().default(null),
};

/** The sort key of a list ordered by a timestamp, then the id. */
export interface TTimeIdKey {
  /** To the microsecond, in UTC: `2026-11-24T11:03:45.123456Z`. */
  at: string;
  id: string;
}

const KEY =
  /^(([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The cursor of the row with this key. */
export function encodeTimeIdCursor(key: TTimeIdKey): string {
  return base64urlnopad.encode(new TextEncoder().encode(`${key.at}|${key.id}`));
}

/**
 * The key a cursor written by `encodeTimeIdCursor` names; undefined for anything else, including a
 * date the calendar lacks (02-30, 25:00), so that the database is never asked to read a value it
 * would refuse. A cursor only says where a page starts: the list's own filter always applies.
 */
export function decodeTimeIdCursor(cursor: string): TTimeIdKey | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(base64urlnopad.decode(cursor));
  } catch {
    return undefined;
  }
  const match = KEY.exec(text);
  const at = match?.[1];
  const seconds = match?.[2];
  const id = match?.[3];
  if (at === undefined || seconds === undefined || id === undefined) return undefined;
  const time = Date.parse(`${seconds}Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 19) !== seconds) return undefined;
  return { at, id };
}
