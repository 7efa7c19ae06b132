import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { prepared } from '../../../db/prepared.ts';
import { transactions } from '../../../db/schema/money.ts';
import { users } from '../../../db/schema/users.ts';

/**
 * The totals of one client's live transactions (cents, as text: bigint), in one pass over the
 * client's rows: completed deposits and withdrawals and approved investments; realised profit by
 * source (docs/money.md, "Profit"): payouts paid, closed positions' and settled signal trades'
 * results (signed); and the operator's credits to the profit balance (Add Profit). Payout, Position,
 * Signal and Adjustment records cannot be deleted, so the live rows are all of them.
 */
const totals = sql<string[]>`(
  select array[
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Deposit' and ${transactions.status} = 'Completed'), 0)::text,
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Withdrawal' and ${transactions.status} = 'Completed'), 0)::text,
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Investment' and ${transactions.status} = 'Approved'), 0)::text,
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Payout' and ${transactions.status} = 'Completed'), 0)::text,
    coalesce(sum(${transactions.pnl}) filter (where ${transactions.type} = 'Position' and ${transactions.status} = 'Completed'), 0)::text,
    coalesce(sum(${transactions.pnl}) filter (where ${transactions.type} = 'Signal' and ${transactions.status} = 'Completed'), 0)::text,
    coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'Adjustment' and ${transactions.adjustmentKind} = 'profit'), 0)::text
  ]
  from ${transactions}
  where ${and(eq(transactions.userId, users.id), isNull(transactions.deletedAt))})`;

/** The user's balance columns and the totals above, for the user the caller names. */
const selectBalances = (db: DbOrTx) =>
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
    .from(users);

const balancesRow = (db: Db) =>
  selectBalances(db)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('balance_summary');

/**
 * A user's balance columns and the totals of their history (above), in one prepared statement
 * (db/prepared.ts); the totals read the client's rows of transactions_user_live_idx once.
 */
export async function readBalanceRow(db: Db, userId: string) {
  const [row] = await prepared(db, balancesRow).execute({ id: userId });
  return row && withTotals(row);
}

/** The same, inside a DB transaction (where a prepared statement does not run: db/prepared.ts). */
export async function readBalanceRowIn(tx: Tx, userId: string) {
  const [row] = await selectBalances(tx).where(eq(users.id, userId));
  return row && withTotals(row);
}

type TBalanceRow = Awaited<ReturnType<ReturnType<typeof selectBalances>['execute']>>[number];

function withTotals(row: TBalanceRow) {
  const {
    totals: [
      deposited = '0',
      withdrawn = '0',
      invested = '0',
      payoutsPaid = '0',
      positionResults = '0',
      signalResults = '0',
      profitCredits = '0',
    ],
    ...balances
  } = row;
  return {
    ...balances,
    totalDeposit: BigInt(deposited),
    totalWithdrawal: BigInt(withdrawn),
    totalInvestment: BigInt(invested),
    realised: { plans: BigInt(payoutsPaid), positions: BigInt(positionResults), signals: BigInt(signalResults) },
    profitCredits: BigInt(profitCredits),
  };
}

export type TBalanceRowWithTotals = ReturnType<typeof withTotals>;

/**
 * Every client's five ledger accounts (the cached columns the ledger keeps), in id order, read with
 * the caller's transaction so the caller decides how consistent the read is (proof of reserves reads
 * them in one repeatable-read transaction).
 */
export function readClientAccountsIn(tx: Tx) {
  return tx
    .select({
      userId: users.id,
      balance: users.balance,
      trading: users.tradingBalance,
      profit: users.profitBalance,
      bonus: users.bonus,
      withdrawalHold: users.withdrawalHold,
    })
    .from(users)
    .where(eq(users.type, 'Client'))
    .orderBy(users.id);
}
