import type { TInAppMessageInput, TInAppMessageList } from '@meridian/contracts/notifications';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { recordAudit } from '../audit/index.ts';
import { toApiInAppMessage } from './messages.mapper.ts';
import { deleteMessage, insertMessage, isClientReceiver, listMessagesOf, markAllRead } from './messages.repository.ts';

/**
 * In-app messages: an admin writes to a client (audited); the client reads them in the header bell
 * and on the notifications page, marks them read and deletes them.
 */

/** How many messages the list carries; the unread count covers all of them. */
const LIST_LIMIT = 100;

/** A client's newest messages and their unread count (`:userId` is checked by the client scope). */
export async function listInAppMessages(db: Db, receiverId: string): Promise<TInAppMessageList> {
  const { rows, unread } = await listMessagesOf(db, receiverId, LIST_LIMIT);
  return { result: rows.map(toApiInAppMessage), unread };
}

/** Stores an admin's message to a client and audits it, in one transaction; 404 unless the receiver is a client. */
export function sendInAppMessage(db: Db, senderId: string, input: TInAppMessageInput): Promise<void> {
  return db.transaction(async (tx) => {
    if (!(await isClientReceiver(tx, input.receiver))) throw notFound();
    const row = await insertMessage(tx, {
      senderId,
      receiverId: input.receiver,
      subject: input.subject,
      message: input.message,
    });
    await recordAudit(tx, {
      actorId: senderId,
      action: 'message.send',
      targetUserId: input.receiver,
      entityType: 'in_app_message',
      entityId: row.id,
      after: { subject: input.subject },
    });
  });
}

export async function markAllInAppMessagesRead(db: Db, receiverId: string): Promise<void> {
  await markAllRead(db, receiverId);
}

/** Deletes a message for its receiver or an admin; anyone else learns nothing (404). */
export async function deleteInAppMessage(db: Db, caller: TCaller, id: string): Promise<void> {
  const deleted = await deleteMessage(db, id, caller.type === 'Admin' ? null : caller.id);
  if (!deleted) throw notFound();
}

// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries");
// they tell clients of events through notices.ts.
export { deleteMessagesOf } from './messages.repository.ts';
