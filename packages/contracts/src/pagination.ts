import { z } from 'zod';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';

/** `?page=&limit=` of every paged list (spec: page size 10). */
export const ZPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
