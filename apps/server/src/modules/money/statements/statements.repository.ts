import type { TCloseReason } from '@meridian/contracts/position-terms';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';

/**
 * The reads of a statement, all from the ledger (docs/money.md, "Statements"), run inside the one
 * read-only REPEATABLE READ transaction of `statements.service.ts`, so they see one snapshot.
 */

export interface TStatementClientRow {
  id: string;
  type: string;
  firstname: string;
  lastname: string;
  email: string;
}

export async function readStatementClient(tx: Tx, userId: string): Promise<TStatementClientRow | undefined> {
  const [row] = await queryRows<TStatementClientRow>(
    tx,
    sql`select id, type, firstname, lastname, email from users where id = ${userId}`,
  );
  return row;
}

/** The database's clock at the start of the snapshot: the instant ledger transactions are stamped by. */
export async function snapshotTime(tx: Tx): Promise<Date> {
  const [row] = await queryRows<{ now: string | Date }>(tx, sql`select now() as now`);
  return new Date(row?.now ?? Date.now());
}

/** Each of the user's accounts summed over the entries of ledger transactions stamped before `before`. */
export async function sumsBefore(tx: Tx, userId: string, before: Date): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ account: string; total: string }>(
    tx,
    sql`
    select e.account, sum(e.amount)::text as total
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where e.user_id = ${userId} and t.created_at < ${before.toISOString()}::timestamptz
    group by e.account`,
  );
  return new Map(rows.map((r) => [r.account, BigInt(r.total)]));
}

export interface TMovementRow {
  transaction_id: string;
  created_at: string | Date;
  kind: string;
  reason: string;
  account: string;
  amount: string;
  deposit_method: string | null;
  withdrawal_method: string | null;
  plan: string | null;
  asset: string | null;
  /** The operator's reason of an adjustment, as the client's history shows it. */
  note: string | null;
  /** Why a position closed, as its history row says. */
  close_reason: TCloseReason | null;
}

/**
 * The user's entries of ledger transactions stamped in [from, to), oldest first, at most `limit`,
 * with what the client's history says of the record each references (method, plan, pair, reason).
 * Postings of one DB transaction share a timestamp; among those, money in comes before money out,
 * so a running balance never dips below zero where the account itself never did.
 */
export async function movementsIn(
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<TMovementRow[]> {
  return queryRows<TMovementRow>(
    tx,
    sql`
    select t.id as transaction_id, t.created_at, t.kind, t.reason, e.account, e.amount::text as amount,
      tr.deposit_method_name as deposit_method, tr.withdrawal_method_name as withdrawal_method,
      coalesce(tr.investment_plan_name, inv.investment_plan_name) as plan, coalesce(tr.asset, o.pair) as asset,
      tr.reason as note,
      tr.close_reason
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    left join transactions tr on t.ref_type = 'transaction' and tr.id = t.ref_id
    left join payouts p on t.ref_type = 'payout' and p.id = t.ref_id
    left join transactions inv on inv.id = p.investment_id
    left join orders o on t.ref_type = 'order' and o.id = t.ref_id
    where e.user_id = ${userId}
      and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    order by t.created_at, e.amount < 0, t.id, e.id
    limit ${limit}`,
  );
}
