import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { transactions } from '../../../db/schema/money.ts';
import { noteLiveChange } from '../../platform/live/index.ts';
import type { TTransactionRow } from '../transactions/index.ts';

export type TDepositStatus = 'Completed' | 'Pending' | 'Declined';

/** Sets a locked deposit's status and who decided it, when. */
export async function setDepositDecision(
  tx: Tx,
  id: string,
  status: TDepositStatus,
  actorId: string,
): Promise<TTransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({ status, decidedBy: actorId, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.type, 'Deposit')))
    .returning();
  if (!row) throw new Error('update returned no row');
  if (row.userId) noteLiveChange(tx, row.userId, ['transactions']);
  return row;
}

/** Sets a locked deposit's transfer hash or reference and sending address (a field left out is kept). */
export async function setDepositTransfer(
  tx: Tx,
  id: string,
  transfer: { reference?: string | null; senderAddress?: string | null },
): Promise<TTransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({ ...transfer, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.type, 'Deposit')))
    .returning();
  if (!row) throw new Error('update returned no row');
  if (row.userId) noteLiveChange(tx, row.userId, ['transactions']);
  return row;
}

/** Hides a deposit from every list; the row stays for the audit trail. */
export async function softDeleteDeposit(tx: Tx, id: string): Promise<void> {
  await tx
    .update(transactions)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.type, 'Deposit')));
}

/**
 * Settles a locked chain deposit (docs/money.md, "Deposits seen on chain"): its final amount (a coin's
 * is priced at the credit) and status; no admin decided it.
 */
export async function setChainDepositOutcome(
  tx: Tx,
  id: string,
  fields: { status: 'Completed' | 'Declined'; amount?: bigint; reason?: string },
): Promise<void> {
  const [row] = await tx
    .update(transactions)
    .set({ ...fields, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.type, 'Deposit')))
    .returning({ userId: transactions.userId });
  if (!row) throw new Error('update returned no row');
  noteLiveChange(tx, row.userId, ['transactions']);
}

/** Locks live deposit records by id, in id order (as every settlement locks rows), and reads them. */
export function lockDeposits(tx: Tx, ids: readonly string[]): Promise<TTransactionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(transactions)
    .where(and(inArray(transactions.id, [...ids]), eq(transactions.type, 'Deposit'), isNull(transactions.deletedAt)))
    .orderBy(asc(transactions.id))
    .for('update');
}

/** Completes locked chain deposits with their final amounts, in one statement. */
export async function completeChainDeposits(
  tx: Tx,
  completed: readonly { id: string; userId: string; amount: bigint }[],
): Promise<void> {
  if (completed.length === 0) return;
  const ids = completed.map((c) => c.id);
  const amounts = completed.map((c) => c.amount.toString());
  await tx.execute(sql`
    update ${transactions} as t
    set status = 'Completed', amount = u.amount, decided_at = now(), updated_at = now()
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(amounts)}::bigint[]) as u(id, amount)
    where t.id = u.id and t.type = 'Deposit'`);
  for (const c of completed) noteLiveChange(tx, c.userId, ['transactions']);
}
