import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { supportMessages } from '../../db/schema/support.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';

export type TSupportMessageRow = typeof supportMessages.$inferSelect;

/** The list without paging is capped, so an unpaged call stays bounded. */
export const UNPAGED_LIMIT = 500;

export const supportMessageNotFound = () => AppError.of('NOT_FOUND', 'errors.notFound', 404);

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

/** Deletes a message and records who did it, in one transaction. */
export function deleteSupportMessage(db: Db, actorId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(supportMessages).where(eq(supportMessages.id, id)).returning();
    if (!before) throw supportMessageNotFound();
    await recordAudit(tx, {
      actorId,
      action: 'supportMessage.delete',
      entityType: 'supportMessage',
      entityId: id,
      before: { ...toApiSupportMessage(before) },
    });
  });
}

export function toApiSupportMessage(row: TSupportMessageRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
