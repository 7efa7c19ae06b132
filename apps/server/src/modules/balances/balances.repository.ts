import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { transactions } from '../../db/schema/money.ts';
import { users } from '../../db/schema/users.ts';

/** The sum (cents, as text: bigint) of one client's live transactions of a type and status. */
const totalOf = (type: 'Deposit' | 'Withdrawal' | 'Investment', status: 'Completed' | 'Approved') => sql<string>`(
  select coalesce(sum(${transactions.amount}), 0)::text from ${transactions}
  where ${and(
    eq(transactions.userId, users.id),
    isNull(transactions.deletedAt),
    eq(transactions.type, type),
    eq(transactions.status, status),
  )})`;

const balancesRow = (db: Db) =>
  db
    .select({
      type: users.type,
      balance: users.balance,
      tradingBalance: users.tradingBalance,
      profitBalance: users.profitBalance,
      bonus: users.bonus,
      withdrawalHold: users.withdrawalHold,
      totalDeposit: totalOf('Deposit', 'Completed'),
      totalWithdrawal: totalOf('Withdrawal', 'Completed'),
      totalInvestment: totalOf('Investment', 'Approved'),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('balance_summary');

/**
 * A user's balance columns and the totals of their completed deposits and withdrawals and approved
 * investments, in one prepared statement (db/prepared.ts); each total is served by the client's
 * rows of transactions_user_live_idx.
 */
export async function readBalanceRow(db: Db, userId: string) {
  const [row] = await prepared(db, balancesRow).execute({ id: userId });
  if (!row) return undefined;
  return {
    ...row,
    totalDeposit: BigInt(row.totalDeposit),
    totalWithdrawal: BigInt(row.totalWithdrawal),
    totalInvestment: BigInt(row.totalInvestment),
  };
}
