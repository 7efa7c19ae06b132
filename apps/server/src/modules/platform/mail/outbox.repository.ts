import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { insertRows } from '../../../db/group-commit.ts';
import { mailOutbox } from '../../../db/schema/mail.ts';

export type TOutboxRow = typeof mailOutbox.$inferSelect;
export type TNewOutboxRow = typeof mailOutbox.$inferInsert;

/** One page of the outbox, newest first (what admins read at /admin/outbox), optionally of one status. */
export async function pageOutbox(
  db: DbOrTx,
  filter: { status?: TOutboxRow['status'] | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: TOutboxRow[]; total: number }> {
  const where = filter.status ? eq(mailOutbox.status, filter.status) : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ n: count() }).from(mailOutbox).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function insertOutboxRows(db: DbOrTx, rows: TNewOutboxRow[]): Promise<void> {
  await insertRows(db, mailOutbox, rows);
}

/**
 * Claims up to `limit` queued mails due at `now`, soonest first, in one short transaction: each
 * claimed row's attempt is counted and its next attempt moved `leaseMs` ahead before the commit.
 * Rows another server is claiming at that moment are skipped (`FOR UPDATE SKIP LOCKED`), and once
 * committed a claimed row is not due for anyone until its lease ends: each mail goes to one sender.
 * A sender that dies mid-send leaves its rows to come due again when the lease ends. Nothing is
 * held open while the SMTP server is talked to (on the embedded database that would stall every
 * request behind the one connection).
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number, limit: number): Promise<TOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** The claimed mail went out. Only a row still queued changes (an admin may not touch it meanwhile). */
export async function markSent(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: at, nextAttemptAt: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
}

/** The attempt failed: due again at `retryAt`, or, with no attempt left (`retryAt` null), failed for good. */
export async function markAttemptFailed(db: DbOrTx, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt }
        : { status: 'failed', lastError: error, nextAttemptAt: null },
    )
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
}

/** Reads one mail and locks it (a resend re-reads its status under the lock). */
export async function lockOutboxRow(db: DbOrTx, id: string): Promise<TOutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
  return row;
}

/** A failed mail back in the queue, due now, with a fresh count of attempts. */
export async function requeue(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, transport: 'smtp' })
    .where(eq(mailOutbox.id, id));
}

/** How many mails wait to be sent and how many failed for good (health and metrics). */
export async function countByStatus(db: DbOrTx): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['queued', 'failed']))
    .groupBy(mailOutbox.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { queued: of('queued'), failed: of('failed') };
}

/** Without SMTP the outbox is the destination: a resent mail is stored there as sent. */
export async function storeAsSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', transport: 'outbox', sentAt: now, nextAttemptAt: null })
    .where(eq(mailOutbox.id, id));
}
