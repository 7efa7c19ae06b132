import type { TOutboxMessage, TOutboxQuery } from '@meridian/contracts/mail';
import { totalPages } from '@meridian/contracts/pagination';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import type { Mailer } from './mailer.ts';
import {
  countByStatus,
  lockOutboxRow,
  pageOutbox,
  requeue,
  storeAsSent,
  type TOutboxRow,
} from './outbox.repository.ts';

function toApiOutboxMessage(row: TOutboxRow): TOutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    transport: row.transport,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'queued' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The platform's mail, newest first, optionally of one status (what admins read at /admin/outbox). */
export async function pageSentMail(
  db: DbOrTx,
  query: TOutboxQuery,
): Promise<{ messages: TOutboxMessage[]; totalPage: number }> {
  const { rows, total } = await pageOutbox(
    db,
    { status: query.status },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { messages: rows.map(toApiOutboxMessage), totalPage: totalPages(total, query.limit) };
}

/**
 * An admin sends a failed mail again: back in the queue, due now, with its attempts counted afresh
 * (without SMTP, stored in the outbox as sent). Only a failed mail: a queued one is on its way and a
 * sent one arrived. Audited with the admin's id.
 */
export async function resendMail(db: Db, mailer: Mailer, adminId: string, id: string): Promise<TOutboxMessage> {
  return db.transaction(async (tx) => {
    const row = await lockOutboxRow(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'failed') throw new AppError('CONFLICT', 'mail.notFailed');
    const now = new Date();
    if (mailer.hasTransport) await requeue(tx, id, now);
    else await storeAsSent(tx, id, now);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'mail.resend',
      entityType: 'mail',
      // The mail itself (its id) says what was resent and how it fared; no state to copy.
      entityId: id,
    });
    const updated = await lockOutboxRow(tx, id);
    if (!updated) throw new Error(`mail ${id} vanished inside its own transaction`);
    return toApiOutboxMessage(updated);
  });
}

/** How many mails wait to be sent and how many failed for good (health and metrics). */
export function countMail(db: DbOrTx): Promise<{ queued: number; failed: number }> {
  return countByStatus(db);
}
