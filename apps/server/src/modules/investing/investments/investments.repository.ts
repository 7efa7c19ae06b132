import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { insertRow } from '../../../db/group-commit.ts';
import { investments, payouts } from '../../../db/schema/investments.ts';
import { transactions } from '../../../db/schema/money.ts';
import { investmentPlans } from '../../../db/schema/plans.ts';
import { users } from '../../../db/schema/users.ts';
import type { TTransactionRow, TTransactionUser } from '../../money/transactions/index.ts';
import { noteLiveChange } from '../../platform/live/index.ts';

export type TInvestmentRow = typeof investments.$inferSelect;
export type TNewInvestment = typeof investments.$inferInsert;

/** How far an approved investment's payouts have gone (cents for the money). */
export interface TPayoutProgress {
  paid: number;
  rejected: number;
  paidOut: bigint;
}

/** An investment as the lists read it: its history row, its terms, its client and its deposit's status. */
export interface TInvestmentView {
  row: TTransactionRow;
  terms: TInvestmentRow;
  user: TTransactionUser;
  depositStatus: TTransactionRow['status'] | null;
}

export const NO_PAYOUTS: TPayoutProgress = { paid: 0, rejected: 0, paidOut: 0n };

export async function insertInvestment(db: DbOrTx, values: TNewInvestment): Promise<TInvestmentRow> {
  return insertRow(db, investments, values);
}

export async function findInvestment(db: DbOrTx, id: string): Promise<TInvestmentRow | undefined> {
  const [row] = await db.select().from(investments).where(eq(investments.id, id)).limit(1);
  return row;
}

/** The investment that waits for this deposit (Invest Via Deposit), if any. */
export async function findInvestmentOfDeposit(db: DbOrTx, depositId: string): Promise<TInvestmentRow | undefined> {
  const [row] = await db.select().from(investments).where(eq(investments.depositId, depositId)).limit(1);
  return row;
}

/** Locks a plan row whether or not it is live (an investment's plan is never deleted, but be sure). */
export async function lockPlanOf(tx: Tx, planId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx
    .select({ id: investmentPlans.id, name: investmentPlans.name })
    .from(investmentPlans)
    .where(eq(investmentPlans.id, planId))
    .for('share');
  return row;
}

export async function setInvestmentFunded(tx: Tx, id: string, at: Date): Promise<TInvestmentRow> {
  const [row] = await tx.update(investments).set({ fundedAt: at }).where(eq(investments.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function setInvestmentApproved(
  tx: Tx,
  id: string,
  approvedAt: Date,
  maturesAt: Date,
): Promise<TInvestmentRow> {
  const [row] = await tx.update(investments).set({ approvedAt, maturesAt }).where(eq(investments.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Sets a locked Investment record's status and who decided it, when. */
export async function setInvestmentDecision(
  tx: Tx,
  id: string,
  status: 'Approved' | 'Pending' | 'Declined',
  actorId: string,
): Promise<TTransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({ status, decidedBy: actorId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.type, 'Investment')))
    .returning();
  if (!row) throw new Error('update returned no row');
  if (row.userId) noteLiveChange(tx, row.userId, ['transactions']);
  return row;
}

const depositRows = alias(transactions, 'deposit_rows');

const userColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  isVerified: users.isVerified,
};

/**
 * One page of investments, newest first: the history row, the terms, the client and the status of
 * the deposit an Invest Via Deposit waits for, with the count of all that match. One query for the
 * page and one for the count; `payoutProgressOf` adds the payouts of the page's rows in one more.
 */
export async function pageInvestmentViews(
  db: DbOrTx,
  filter: { userId?: string; id?: string },
  page: number,
  limit: number,
): Promise<{ rows: TInvestmentView[]; total: number }> {
  const parts: SQL[] = [isNull(transactions.deletedAt)];
  if (filter.userId !== undefined) parts.push(eq(investments.userId, filter.userId));
  if (filter.id !== undefined) parts.push(eq(investments.id, filter.id));
  const where = and(...parts);
  const rows = await db
    .select({ row: transactions, terms: investments, user: userColumns, depositStatus: depositRows.status })
    .from(investments)
    .innerJoin(transactions, eq(transactions.id, investments.id))
    .innerJoin(users, eq(users.id, investments.userId))
    .leftJoin(depositRows, eq(depositRows.id, investments.depositId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await db
    .select({ n: count() })
    .from(investments)
    .innerJoin(transactions, eq(transactions.id, investments.id))
    .where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** Paid and rejected payouts and the money paid so far, of each of `ids`, in one query. */
export async function payoutProgressOf(db: DbOrTx, ids: string[]): Promise<Map<string, TPayoutProgress>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      investmentId: payouts.investmentId,
      paid: sql<number>`count(*) filter (where ${payouts.status} = 'Completed')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${payouts.status} = 'Rejected')`.mapWith(Number),
      paidOut: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'Completed'), 0)::text`,
    })
    .from(payouts)
    .where(and(inArray(payouts.investmentId, ids), sql`${payouts.status} <> 'Pending'`))
    .groupBy(payouts.investmentId);
  return new Map(rows.map((r) => [r.investmentId, { paid: r.paid, rejected: r.rejected, paidOut: BigInt(r.paidOut) }]));
}

/**
 * Cents a client has in plans: the amounts of investments whose money reached the trading account
 * and has not come back (Pending or Approved, not matured). Declined ones went back; unfunded ones
 * (an Invest Via Deposit waiting for its deposit) never left.
 */
export async function investedCents(db: DbOrTx, userId: string): Promise<bigint> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(investments)
    .innerJoin(transactions, eq(transactions.id, investments.id))
    .where(
      and(
        eq(investments.userId, userId),
        sql`${investments.fundedAt} is not null`,
        isNull(investments.maturedAt),
        inArray(transactions.status, ['Pending', 'Approved']),
      ),
    );
  return BigInt(row?.cents ?? '0');
}
