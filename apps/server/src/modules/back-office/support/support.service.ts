import { totalPages } from '@meridian/contracts/pagination';
import type { TSupportMessage, TSupportMessageInput, TSupportMessageList } from '@meridian/contracts/support';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { toApiSupportMessage } from './support.mapper.ts';
import {
  deleteSupportMessageRow,
  findSupportMessage,
  insertSupportMessage,
  listSupportMessages,
} from './support.repository.ts';

/** The public support form, and the message requests admins read and delete. */

/** The list without paging is capped, so an unpaged call stays bounded. */
export const UNPAGED_LIMIT = 500;
/** Page size when only `page` is given. */
const DEFAULT_LIMIT = 10;

/** Stores a visitor's message. */
export async function sendSupportMessage(db: Db, input: TSupportMessageInput): Promise<void> {
  await insertSupportMessage(db, input);
}

/**
 * Newest first. Without `page` and `limit` the whole list (capped at UNPAGED_LIMIT) with no
 * `totalPage`; with either, that page and the number of pages.
 */
export async function pageSupportMessages(
  db: Db,
  query: { page?: number | undefined; limit?: number | undefined },
): Promise<TSupportMessageList> {
  if (query.page === undefined && query.limit === undefined) {
    const { rows } = await listSupportMessages(db, { offset: 0, limit: UNPAGED_LIMIT });
    return { messages: rows.map(toApiSupportMessage) };
  }
  const size = query.limit ?? DEFAULT_LIMIT;
  const { rows, total } = await listSupportMessages(db, { offset: ((query.page ?? 1) - 1) * size, limit: size });
  return { messages: rows.map(toApiSupportMessage), totalPage: totalPages(total, size) };
}

export async function getSupportMessage(db: Db, id: string): Promise<TSupportMessage> {
  const row = await findSupportMessage(db, id);
  if (!row) throw notFound();
  return toApiSupportMessage(row);
}

/** Deletes a message and records who did it, in one transaction. */
export function deleteSupportMessage(db: Db, actorId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await deleteSupportMessageRow(tx, id);
    if (!before) throw notFound();
    await recordAudit(tx, {
      actorId,
      action: 'supportMessage.delete',
      entityType: 'supportMessage',
      entityId: id,
      before: { ...toApiSupportMessage(before) },
    });
  });
}
