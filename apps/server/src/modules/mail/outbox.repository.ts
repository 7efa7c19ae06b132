import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

export type TOutboxRow = typeof mailOutbox.$inferSelect;

/** One page of sent mail, newest first (the outbox admins read at /admin/outbox). */
export async function pageOutbox(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ rows: TOutboxRow[]; total: number }> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ n: count() }).from(mailOutbox);
  return { rows, total: counted?.n ?? 0 };
}
