import { and, eq, sql } from 'drizzle-orm';
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
