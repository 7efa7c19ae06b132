import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { ledgerEntries, ledgerTransactions, type TUserAccount } from '../../../db/schema/ledger.ts';
import { transactions, withdrawalCodes, type withdrawalMethods } from '../../../db/schema/money.ts';
import { type TUserRow, users } from '../../../db/schema/users.ts';
import { noteLiveChange } from '../../platform/live/index.ts';
import type { TTransactionRow } from '../transactions/index.ts';

export type TWithdrawalMethodRow = typeof withdrawalMethods.$inferSelect;
export type TWithdrawalCodeRow = typeof withdrawalCodes.$inferSelect;

/** The facts about a user the withdrawal rules need. */
export async function findWithdrawer(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; type: string; email: string; withdrawalEnabled: boolean; isVerified: boolean } | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      type: users.type,
      email: users.email,
      withdrawalEnabled: users.withdrawalEnabled,
      isVerified: users.isVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * The withdrawals that count towards the client's limits (docs/money.md, "Withdrawal limits"): Pending
 * or Completed, not deleted, asked for after `since`, whoever made the record. Read after the client's
 * row is locked, so every withdrawal committed before it is seen (one range of the user's list index).
 */
export async function countedWithdrawalsSince(
  db: DbOrTx,
  userId: string,
  since: Date,
): Promise<{ at: Date; amount: bigint }[]> {
  return db
    .select({ at: transactions.createdAt, amount: transactions.amount })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        isNull(transactions.deletedAt),
        gt(transactions.createdAt, since),
        eq(transactions.type, 'Withdrawal'),
        inArray(transactions.status, ['Pending', 'Completed']),
      ),
    );
}

/**
 * Locks the user's row: code requests of one user run one after another, so two at once cannot
 * both pass the once-a-minute rule.
 */
export async function lockUserRow(
  tx: Tx,
  userId: string,
): Promise<{ email: string; language: TUserRow['language'] } | undefined> {
  const [row] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Seconds since the user's newest code was made, or null when they never had one. */
export async function secondsSinceNewestCode(tx: Tx, userId: string): Promise<number | null> {
  const [row] = await tx
    .select({ age: sql<string>`extract(epoch from (now() - ${withdrawalCodes.createdAt}))::text` })
    .from(withdrawalCodes)
    .where(eq(withdrawalCodes.userId, userId))
    .orderBy(desc(withdrawalCodes.createdAt))
    .limit(1);
  return row ? Number(row.age) : null;
}

/**
 * Ends every code of the user that is not spent yet (unverified or verified): a new code replaces
 * them. `used_at` means "can no longer be used", whether spent on a withdrawal or replaced.
 */
export async function retireUnusedCodes(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(withdrawalCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(withdrawalCodes.userId, userId), isNull(withdrawalCodes.usedAt)));
}

export async function insertCode(tx: Tx, userId: string, codeHash: string, ttlMinutes: number): Promise<string> {
  const [row] = await tx
    .insert(withdrawalCodes)
    .values({ userId, codeHash, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` })
    .returning({ id: withdrawalCodes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The user's newest code that is not spent or replaced, locked, with whether it has expired. */
export async function lockNewestLiveCode(
  tx: Tx,
  userId: string,
): Promise<(TWithdrawalCodeRow & { expired: boolean }) | undefined> {
  const [row] = await tx
    .select({ code: withdrawalCodes, expired: sql<boolean>`${withdrawalCodes.expiresAt} <= now()` })
    .from(withdrawalCodes)
    .where(and(eq(withdrawalCodes.userId, userId), isNull(withdrawalCodes.usedAt)))
    .orderBy(desc(withdrawalCodes.createdAt), desc(withdrawalCodes.id))
    .limit(1)
    .for('update');
  return row ? { ...row.code, expired: row.expired } : undefined;
}

export async function recordWrongCode(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(withdrawalCodes)
    .set({ attempts: sql`${withdrawalCodes.attempts} + 1` })
    .where(eq(withdrawalCodes.id, id))
    .returning({ attempts: withdrawalCodes.attempts });
  return row?.attempts ?? 0;
}

export async function markCodeVerified(tx: Tx, id: string): Promise<void> {
  await tx.update(withdrawalCodes).set({ verifiedAt: sql`now()` }).where(eq(withdrawalCodes.id, id));
}

/**
 * The verified code a withdrawal may spend: verified within the last `windowMinutes`, not spent or
 * replaced. Locked, so two withdrawals cannot spend the same verification.
 */
export async function lockSpendableCode(tx: Tx, userId: string, windowMinutes: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: withdrawalCodes.id })
    .from(withdrawalCodes)
    .where(
      and(
        eq(withdrawalCodes.userId, userId),
        isNull(withdrawalCodes.usedAt),
        isNotNull(withdrawalCodes.verifiedAt),
        sql`${withdrawalCodes.verifiedAt} > now() - make_interval(mins => ${windowMinutes})`,
      ),
    )
    .orderBy(desc(withdrawalCodes.verifiedAt))
    .limit(1)
    .for('update');
  return row?.id;
}

export async function markCodeUsed(tx: Tx, id: string): Promise<void> {
  await tx.update(withdrawalCodes).set({ usedAt: sql`now()` }).where(eq(withdrawalCodes.id, id));
}

/**
 * The user legs of a withdrawal's hold posting: where its money came from (negative amounts on
 * profit and balance) and went (the positive hold leg).
 */
export async function holdLegsOf(
  tx: Tx,
  transactionId: string,
): Promise<{ userId: string; account: TUserAccount; amount: bigint }[]> {
  const rows = await tx
    .select({ userId: ledgerEntries.userId, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.kind, 'withdrawal.hold'),
        eq(ledgerTransactions.refType, 'transaction'),
        eq(ledgerTransactions.refId, transactionId),
      ),
    );
  return rows.flatMap((r) =>
    r.userId ? [{ userId: r.userId, account: r.account as TUserAccount, amount: r.amount }] : [],
  );
}

/**
 * Sets a locked withdrawal's status and who decided it, when; `deleted` also hides it from lists,
 * `reference` records the payout's hash or reference.
 */
export async function setWithdrawalDecision(
  tx: Tx,
  id: string,
  decision: {
    status: 'Completed' | 'Pending' | 'Declined';
    actorId: string;
    deleted?: boolean;
    reference?: string | undefined;
  },
): Promise<TTransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({
      status: decision.status,
      decidedBy: decision.actorId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(decision.deleted ? { deletedAt: sql`now()` } : {}),
      ...(decision.reference === undefined ? {} : { reference: decision.reference }),
    })
    .where(and(eq(transactions.id, id), eq(transactions.type, 'Withdrawal')))
    .returning();
  if (!row) throw new Error('update returned no row');
  if (row.userId) noteLiveChange(tx, row.userId, ['transactions']);
  return row;
}

/** Sets a locked withdrawal's payout hash or reference. */
export async function setPayoutReference(tx: Tx, id: string, reference: string): Promise<TTransactionRow> {
  const [row] = await tx
    .update(transactions)
    .set({ reference, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), eq(transactions.type, 'Withdrawal')))
    .returning();
  if (!row) throw new Error('update returned no row');
  if (row.userId) noteLiveChange(tx, row.userId, ['transactions']);
  return row;
}
