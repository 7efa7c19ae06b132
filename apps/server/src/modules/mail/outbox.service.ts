import type { TOutboxMessage } from '@meridian/contracts/balances';
import { type TPageQuery, totalPages } from '@meridian/contracts/pagination';
import type { DbOrTx } from '../../db/client.ts';
import { pageOutbox, type TOutboxRow } from './outbox.repository.ts';

function toApiOutboxMessage(row: TOutboxRow): TOutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The mail the platform sent, newest first (what admins read at /admin/outbox). */
export async function pageSentMail(
  db: DbOrTx,
  query: TPageQuery,
): Promise<{ messages: TOutboxMessage[]; totalPage: number }> {
  const { rows, total } = await pageOutbox(db, { offset: (query.page - 1) * query.limit, limit: query.limit });
  return { messages: rows.map(toApiOutboxMessage), totalPage: totalPages(total, query.limit) };
}
