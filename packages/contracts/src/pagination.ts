import { z } from 'zod';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import { cursorQuery, oneCursorAtMost, oneCursorAtMostError } from './cursor.ts';

/** `?page=&limit=` of every paged list (spec: page size 10). */
export const ZPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/**
 * `?page=&limit=&after=|before=` of a list that pages by cursor (cursor.ts; docs/architecture.md,
 * "Lists at scale"): with a neighbouring page's cursor the page is read from that row on, however
 * deep it is; without one, `page` is read by offset (a reload, a link). `page` is what the pager
 * shows either way.
 */
export const ZCursorPageQuery = z
  .strictObject({ ...ZPageQuery.shape, ...cursorQuery })
  .refine(oneCursorAtMost, oneCursorAtMostError);
export type TCursorPageQuery = z.output<typeof ZCursorPageQuery>;
