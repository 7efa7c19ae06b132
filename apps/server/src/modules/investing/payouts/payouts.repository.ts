import { and, asc, count, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../../db/client.ts';
import { investments, payouts } from '../../../db/schema/investments.ts';
import { transactions } from '../../../db/schema/money.ts';
import { users } from '../../../db/schema/users.ts';
import type { TPayoutRow, TPayoutView } from './payouts.mapper.ts';

/**
 * Every SQL statement of payouts (docs/money.md, "Investments and payouts"). Lock order, the same
 * everywhere a payout is settled so that two settlements cannot deadlock: payout rows, then their
 * investments (in id order), then the users (in id order, by the ledger).
 */

/** A claimed due payout: what settling it needs. */
export interface TClaimedPayout {
  id: string;
  investmentId: string;
  userId: string;
  sequence: number;
  count: number;
  amount: bigint;
}

/**
 * Claims up to `limit` Pending payouts due at `now`, soonest due first, locking them for this DB
 * transaction. Rows another transaction holds are skipped, not waited for: two processors (two
 * server instances, or the runner and Process All Trades) take disjoint rows, and each row is paid by
 * whichever claimed it. Served by the partial index on pending due dates.
 */
export async function claimDuePayouts(tx: Tx, now: Date, limit: number): Promise<TClaimedPayout[]> {
  const rows = await queryRows<{
    id: string;
    investment_id: string;
    user_id: string;
    sequence: number;
    count: number;
    amount: string;
  }>(
    tx,
    sql`
    select id, investment_id, user_id, sequence, count, amount::text as amount
    from ${payouts}
    where status = 'Pending' and due_at <= ${now.toISOString()}::timestamptz
    order by due_at
    limit ${limit}
    for update skip locked`,
  );
  return rows.map((r) => ({
    id: r.id,
    investmentId: r.investment_id,
    userId: r.user_id,
    sequence: Number(r.sequence),
    count: Number(r.count),
    amount: BigInt(r.amount),
  }));
}

/** Reads one payout and locks it (reject: status changes re-read under the lock). */
export async function lockPayout(tx: Tx, id: string): Promise<TPayoutRow | undefined> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

/** An investment as settling its payouts needs it, with its principal and plan from its record. */
export interface TLockedInvestment {
  id: string;
  userId: string;
  planId: string;
  planName: string;
  /** The invested principal, in cents. */
  principal: bigint;
  maturedAt: Date | null;
}

/**
 * Locks investments in id order and reads their principal and plan name (from the investment's
 * `transactions` row). Whoever settles payouts of an investment holds this lock while it decides
 * whether the investment has matured, so two settlements of its last payouts see each other.
 */
export async function lockInvestments(tx: Tx, ids: string[]): Promise<Map<string, TLockedInvestment>> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: investments.id,
      userId: investments.userId,
      planId: investments.planId,
      planName: transactions.investmentPlanName,
      principal: transactions.amount,
      maturedAt: investments.maturedAt,
    })
    .from(investments)
    .innerJoin(transactions, eq(transactions.id, investments.id))
    .where(inArray(investments.id, sorted))
    .orderBy(investments.id)
    .for('update', { of: investments });
  return new Map(rows.map((r) => [r.id, { ...r, planName: r.planName ?? '' }]));
}

/** Marks claimed payouts paid. */
export async function completePayouts(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${payouts} set status = 'Completed', processed_at = ${now.toISOString()}::timestamptz
    where id = any(${sql.param(ids)}::uuid[])`);
}

export async function rejectPayoutRow(
  tx: Tx,
  id: string,
  values: { reason: string; rejectedBy: string; now: Date },
): Promise<TPayoutRow> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'Rejected', processedAt: values.now, reason: values.reason, rejectedBy: values.rejectedBy })
    .where(eq(payouts.id, id))
    .returning();
  if (!row) throw new Error('payout update returned no row');
  return row;
}

/** The record a client sees of a paid payout: a `transactions` row whose id is the payout's. */
export interface TPayoutRecord {
  id: string;
  userId: string;
  amount: bigint;
  planId: string;
  planName: string;
}

export async function insertPayoutRecords(tx: Tx, records: TPayoutRecord[], now: Date): Promise<void> {
  if (records.length === 0) return;
  const at = now.toISOString();
  await tx.execute(sql`
    insert into ${transactions}
      (id, user_id, type, status, amount, direction, investment_plan_id, investment_plan_name, created_at, updated_at)
    select r.id, r.user_id, 'Payout', 'Completed', r.amount, 'in', r.plan_id, r.plan_name,
           ${at}::timestamptz, ${at}::timestamptz
    from unnest(
      ${sql.param(records.map((r) => r.id))}::uuid[], ${sql.param(records.map((r) => r.userId))}::uuid[],
      ${sql.param(records.map((r) => r.amount.toString()))}::bigint[],
      ${sql.param(records.map((r) => r.planId))}::uuid[], ${sql.param(records.map((r) => r.planName))}::text[])
      as r(id, user_id, amount, plan_id, plan_name)`);
}

/** Of `ids`, the investments with no Pending payout left (as this transaction sees them). */
export async function investmentsWithNothingPending(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    select i.id from unnest(${sql.param(ids)}::uuid[]) as i(id)
    where not exists (select 1 from ${payouts} p where p.investment_id = i.id and p.status = 'Pending')`,
  );
  return rows.map((r) => r.id);
}

export async function markMatured(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(investments).set({ maturedAt: now }).where(inArray(investments.id, ids));
}

// --- lists ------------------------------------------------------------------------------------------

const viewColumns = {
  payout: payouts,
  planName: transactions.investmentPlanName,
};
const userColumns = { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email };

export type TPayoutList = 'pending' | 'due' | 'rejected';

/** The filter and order of each admin list; each is served by a partial index. */
function adminList(list: TPayoutList, now: Date): { where: SQL; order: SQL[] } {
  switch (list) {
    case 'pending':
      return { where: eq(payouts.status, 'Pending'), order: [asc(payouts.dueAt), asc(payouts.id)] };
    case 'due':
      return {
        where: and(eq(payouts.status, 'Pending'), lte(payouts.dueAt, now)) as SQL,
        order: [asc(payouts.dueAt), asc(payouts.id)],
      };
    case 'rejected':
      return { where: eq(payouts.status, 'Rejected'), order: [desc(payouts.processedAt), desc(payouts.id)] };
  }
}

/** One page of an admin list with each payout's client and plan, and how many the list has. */
export async function pageAdminPayouts(
  db: DbOrTx,
  list: TPayoutList,
  now: Date,
  page: number,
  limit: number,
): Promise<{ rows: TPayoutView[]; total: number }> {
  const { where, order } = adminList(list, now);
  // The page and the count at once: the count reads every entry of the list's partial index.
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...viewColumns, user: userColumns })
      .from(payouts)
      .innerJoin(transactions, eq(transactions.id, payouts.investmentId))
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** One page of a client's payouts, latest due first (the (user_id, due_at) index). */
export async function pageUserPayouts(
  db: DbOrTx,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: TPayoutView[]; total: number }> {
  const rows = await db
    .select(viewColumns)
    .from(payouts)
    .innerJoin(transactions, eq(transactions.id, payouts.investmentId))
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.dueAt), desc(payouts.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [counted] = await db.select({ n: count() }).from(payouts).where(eq(payouts.userId, userId));
  return { rows, total: counted?.n ?? 0 };
}

/** A payout with its client and plan (the reject answer). */
export async function findPayoutView(db: DbOrTx, id: string): Promise<TPayoutView | undefined> {
  const [row] = await db
    .select({ ...viewColumns, user: userColumns })
    .from(payouts)
    .innerJoin(transactions, eq(transactions.id, payouts.investmentId))
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.id, id))
    .limit(1);
  return row;
}

// --- trade activities ---------------------------------------------------------------------------------

/**
 * A client's payouts settled (paid or rejected) since `from` that moved or would have moved money,
 * latest first. Served by the (user_id, processed_at) index: the cost follows the client's window,
 * not the size of the table.
 */
export async function settledPayoutsSince(db: DbOrTx, userId: string, from: Date, limit: number) {
  return db
    .select({
      id: payouts.id,
      status: payouts.status,
      amount: payouts.amount,
      processedAt: payouts.processedAt,
      reason: payouts.reason,
      planName: transactions.investmentPlanName,
    })
    .from(payouts)
    .innerJoin(transactions, eq(transactions.id, payouts.investmentId))
    .where(and(eq(payouts.userId, userId), gte(payouts.processedAt, from), gt(payouts.amount, 0n)))
    .orderBy(desc(payouts.processedAt), desc(payouts.id))
    .limit(limit);
}

/** Totals (cents) of a client's paid and rejected payouts since `from`; the same index. */
export async function settledTotalsSince(
  db: DbOrTx,
  userId: string,
  from: Date,
): Promise<{ paid: bigint; rejected: bigint }> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'Completed'), 0)::text`,
      rejected: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'Rejected'), 0)::text`,
    })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), gte(payouts.processedAt, from)));
  return { paid: BigInt(row?.paid ?? '0'), rejected: BigInt(row?.rejected ?? '0') };
}

/**
 * A client's soonest Pending payout. Found per live investment (its schedule is due in sequence
 * order, so the first Pending one by sequence is its next), through the (investment_id, sequence)
 * key: a client's long paid history is never scanned.
 */
export async function nextPendingPayout(
  db: DbOrTx,
  userId: string,
): Promise<{ amount: bigint; dueAt: Date } | undefined> {
  const [row] = await queryRows<{ amount: string; due_at: string | Date }>(
    db,
    sql`
    select n.amount::text as amount, n.due_at
    from ${investments} i
    cross join lateral (
      select p.amount, p.due_at from ${payouts} p
      where p.investment_id = i.id and p.status = 'Pending'
      order by p.sequence limit 1
    ) n
    where i.user_id = ${userId} and i.approved_at is not null and i.matured_at is null
    order by n.due_at
    limit 1`,
  );
  return row ? { amount: BigInt(row.amount), dueAt: new Date(row.due_at) } : undefined;
}

/** The client's current plan, or undefined when there is no such user. */
export async function findUserPlan(
  db: DbOrTx,
  userId: string,
): Promise<{ planId: string | null; planName: string | null } | undefined> {
  const [row] = await db
    .select({ planId: users.planId, planName: users.planName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
