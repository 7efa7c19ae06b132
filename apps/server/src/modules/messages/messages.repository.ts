import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inAppMessages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/** The newest messages of one receiver and how many of all their messages are unread. */
export async function listMessagesOf(db: DbOrTx, receiverId: string, limit: number) {
  const rows = await db
    .select()
    .from(inAppMessages)
    .where(eq(inAppMessages.receiverId, receiverId))
    .orderBy(desc(inAppMessages.createdAt))
    .limit(limit);
  const [unread] = await db
    .select({ n: count() })
    .from(inAppMessages)
    .where(and(eq(inAppMessages.receiverId, receiverId), eq(inAppMessages.read, false)));
  return { rows, unread: unread?.n ?? 0 };
}

/** Stores a message to a client and audits it; `undefined` when the receiver is not a client. */
export async function sendMessage(
  db: DbOrTx,
  input: { senderId: string; receiverId: string; subject: string; message: string },
) {
  return db.transaction(async (tx) => {
    const [receiver] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.receiverId), eq(users.type, 'Client')));
    if (!receiver) return undefined;
    const [row] = await tx.insert(inAppMessages).values(input).returning();
    if (!row) throw new Error('in_app_messages insert returned nothing');
    await recordAudit(tx, {
      actorId: input.senderId,
      action: 'message.send',
      targetUserId: input.receiverId,
      entityType: 'in_app_message',
      entityId: row.id,
      after: { subject: input.subject },
    });
    return row;
  });
}

/** Marks every message of one receiver read. */
export async function markAllRead(db: DbOrTx, receiverId: string): Promise<void> {
  await db
    .update(inAppMessages)
    .set({ read: true })
    .where(and(eq(inAppMessages.receiverId, receiverId), eq(inAppMessages.read, false)));
}

/** Deletes a message; a non-null `receiverId` limits it to that receiver's. True when one was deleted. */
export async function deleteMessage(db: DbOrTx, id: string, receiverId: string | null): Promise<boolean> {
  const where =
    receiverId === null
      ? eq(inAppMessages.id, id)
      : and(eq(inAppMessages.id, id), eq(inAppMessages.receiverId, receiverId));
  const deleted = await db.delete(inAppMessages).where(where).returning({ id: inAppMessages.id });
  return deleted.length > 0;
}
