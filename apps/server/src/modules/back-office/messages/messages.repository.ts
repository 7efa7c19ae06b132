import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { insertRows } from '../../../db/group-commit.ts';
import { inAppMessages } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { noteLiveChange } from '../../platform/live/index.ts';

export type TInAppMessageRow = typeof inAppMessages.$inferSelect;
export type TNewInAppMessage = Pick<
  typeof inAppMessages.$inferInsert,
  'receiverId' | 'senderId' | 'subject' | 'message' | 'key' | 'params' | 'link'
>;

/** The newest `limit` messages of one receiver and how many of all their messages are unread. */
export async function listMessagesOf(
  db: DbOrTx,
  receiverId: string,
  limit: number,
): Promise<{ rows: TInAppMessageRow[]; unread: number }> {
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

/** Is `id` a Client account (the only kind of user that receives in-app messages)? */
export async function isClientReceiver(db: DbOrTx, id: string): Promise<boolean> {
  const [receiver] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'Client')));
  return receiver !== undefined;
}

/** Stores one message (staff to a client, or the platform's notice of a decision). */
export async function insertMessage(db: DbOrTx, values: TNewInAppMessage): Promise<TInAppMessageRow> {
  const [row] = await db.insert(inAppMessages).values(values).returning();
  if (!row) throw new Error('in_app_messages insert returned nothing');
  noteLiveChange(db, row.receiverId, ['notifications']);
  return row;
}

/** Stores many messages in one statement (the notices of a batch of closes or settlements). */
export async function insertMessages(db: DbOrTx, values: readonly TNewInAppMessage[]): Promise<void> {
  if (values.length === 0) return;
  await insertRows(db, inAppMessages, [...values]);
  for (const receiverId of new Set(values.map((v) => v.receiverId))) noteLiveChange(db, receiverId, ['notifications']);
}

/** Deletes every message of one receiver (closing the account). */
export async function deleteMessagesOf(db: DbOrTx, receiverId: string): Promise<void> {
  await db.delete(inAppMessages).where(eq(inAppMessages.receiverId, receiverId));
}

/** Marks every message of one receiver read. */
export async function markAllRead(db: DbOrTx, receiverId: string): Promise<void> {
  await db
    .update(inAppMessages)
    .set({ read: true })
    .where(and(eq(inAppMessages.receiverId, receiverId), eq(inAppMessages.read, false)));
  noteLiveChange(db, receiverId, ['notifications']);
}

/** Deletes a message; a non-null `receiverId` limits it to that receiver's. True when one was deleted. */
export async function deleteMessage(db: DbOrTx, id: string, receiverId: string | null): Promise<boolean> {
  const where =
    receiverId === null
      ? eq(inAppMessages.id, id)
      : and(eq(inAppMessages.id, id), eq(inAppMessages.receiverId, receiverId));
  const deleted = await db
    .delete(inAppMessages)
    .where(where)
    .returning({ id: inAppMessages.id, receiverId: inAppMessages.receiverId });
  for (const message of deleted) noteLiveChange(db, message.receiverId, ['notifications']);
  return deleted.length > 0;
}
