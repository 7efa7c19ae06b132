import type { TApprovalStatus } from '@meridian/contracts/approvals';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { insertRows } from '../../../db/group-commit.ts';
import { approvals, type TApprovalRow } from '../../../db/schema/approvals.ts';
import { users } from '../../../db/schema/users.ts';

export type TNewApproval = Pick<
  typeof approvals.$inferInsert,
  'id' | 'kind' | 'userId' | 'transactionId' | 'amount' | 'reason' | 'reference' | 'requestedBy'
>;

/** A new waiting approval; in a group-commit batch it is written at the batch's end, like the records. */
export async function insertApproval(db: DbOrTx, row: TNewApproval): Promise<void> {
  await insertRows(db, approvals, [row]);
}

/** The approval waiting for this withdrawal, if any. */
export async function findPendingApprovalOf(db: DbOrTx, transactionId: string): Promise<TApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.transactionId, transactionId), eq(approvals.status, 'Pending')))
    .limit(1);
  return row;
}

/** An approval locked for its decision: two staff members deciding at once take turns. */
export async function lockApproval(tx: Tx, id: string): Promise<TApprovalRow | undefined> {
  const [row] = await tx.select().from(approvals).where(eq(approvals.id, id)).for('update');
  return row;
}

export async function setApprovalDecision(
  tx: Tx,
  id: string,
  decision: { status: Exclude<TApprovalStatus, 'Pending'>; decidedBy: string; note?: string | null },
): Promise<void> {
  await tx
    .update(approvals)
    .set({ status: decision.status, decidedBy: decision.decidedBy, decidedAt: sql`now()`, note: decision.note ?? null })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'Pending')));
}

/** Rejects what waits for this withdrawal (it was declined or deleted: there is nothing left to approve). */
export async function rejectPendingApprovalOf(tx: Tx, transactionId: string, decidedBy: string): Promise<boolean> {
  const rows = await tx
    .update(approvals)
    .set({ status: 'Rejected', decidedBy, decidedAt: sql`now()` })
    .where(and(eq(approvals.transactionId, transactionId), eq(approvals.status, 'Pending')))
    .returning({ id: approvals.id });
  return rows.length > 0;
}

const client = alias(users, 'client');
const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** One approval with the names it shows: its client, who asked, who decided. */
export type TApprovalListRow = Awaited<ReturnType<typeof pageApprovalRows>>['rows'][number];

/** A page of approvals of one status: the waiting ones oldest first (the queue), the decided newest first. */
export async function pageApprovalRows(db: Db, status: TApprovalStatus, page: number, limit: number) {
  const where = eq(approvals.status, status);
  const order = status === 'Pending' ? asc(approvals.requestedAt) : desc(approvals.decidedAt);
  const [rows, [total]] = await Promise.all([
    selectListRows(db)
      .where(where)
      .orderBy(order, asc(approvals.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(approvals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One approval with its names, as listed. */
export async function findApprovalListRow(db: DbOrTx, id: string): Promise<TApprovalListRow | undefined> {
  const [row] = await selectListRows(db).where(eq(approvals.id, id)).limit(1);
  return row;
}

function selectListRows(db: DbOrTx) {
  return db
    .select({
      approval: approvals,
      clientFirstname: client.firstname,
      clientLastname: client.lastname,
      clientEmail: client.email,
      requesterFirstname: requester.firstname,
      requesterLastname: requester.lastname,
      deciderFirstname: decider.firstname,
      deciderLastname: decider.lastname,
    })
    .from(approvals)
    .innerJoin(client, eq(client.id, approvals.userId))
    .innerJoin(requester, eq(requester.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy))
    .$dynamic();
}
