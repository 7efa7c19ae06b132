import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { supportMessages } from '../../../db/schema/support.ts';

export type TSupportMessageRow = typeof supportMessages.$inferSelect;

export async function insertSupportMessage(
  db: DbOrTx,
  input: { name: string; email: string; phone: string; message: string },
): Promise<TSupportMessageRow> {
  const [row] = await db.insert(supportMessages).values(input).returning();
  if (!row) throw new Error('support message insert returned nothing');
  return row;
}

/** Newest first; `offset`/`limit` for one page. */
export async function listSupportMessages(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ rows: TSupportMessageRow[]; total: number }> {
  const rows = await db
    .select()
    .from(supportMessages)
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(supportMessages);
  return { rows, total: total?.n ?? 0 };
}

export async function findSupportMessage(db: DbOrTx, id: string): Promise<TSupportMessageRow | undefined> {
  const [row] = await db.select().from(supportMessages).where(eq(supportMessages.id, id));
  return row;
}

/** Deletes a message; answers the row as it was, undefined when there was none. */
export async function deleteSupportMessageRow(db: DbOrTx, id: string): Promise<TSupportMessageRow | undefined> {
  const [row] = await db.delete(supportMessages).where(eq(supportMessages.id, id)).returning();
  return row;
}
