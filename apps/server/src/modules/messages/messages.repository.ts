import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inAppMessages } from '../../db/schema/messages.ts';

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
