import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { prepared } from '../../../db/prepared.ts';
import { transactions } from '../../../db/schema/money.ts';
import { users } from '../../../db/schema/users.ts';

/**
 * The totals of one client's live transactions (cents, as text: bigint): completed deposits and
 * withdrawals and approved investments, in one pass over the client's rows.
 */
const totals = sql<string[]>`(
  select array[
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Deposit' and ${transactions.status} = 'Completed'), 0)::text,
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Withdrawal' and ${transactions.status} = 'Completed'), 0)::text,
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Investment' and ${transactions.status} = 'Approved'), 0)::text
  ]
  from ${transactions}
  where ${and(eq(transactions.userId, users.id), isNull(transactions.deletedAt))})`;

const balancesRow = (db: Db) =>
  db
    .select({
      type: users.type,
      balance: users.balance,
      tradingBalance: users.tradingBalance,
      profitBalance: users.profitBalance,
      bonus: users.bonus,
      withdrawalHold: users.withdrawalHold,
      totals,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('balance_summary');

/**
 * A user's balance columns and the totals of their completed deposits and withdrawals and approved
 * investments, in one prepared statement (db/prepared.ts); the totals read the client's rows of
 * transactions_user_live_idx once.
 */
export async function readBalanceRow(db: Db, userId: string) {
  const [row] = await prepared(db, balancesRow).execute({ id: userId });
  if (!row) return undefined;
  const {
    totals: [deposited = '0', withdrawn = '0', invested = '0'],
    ...balances
  } = row;
  return {
    ...balances,
    totalDeposit: BigInt(deposited),
    totalWithdrawal: BigInt(withdrawn),
    totalInvestment: BigInt(invested),
  };
}
