import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';

/** One group of the charts: a UTC day (`YYYY-MM-DD`), a type and a status, its count and sum in cents. */
export interface TChartGroup {
  day: string;
  type: string;
  status: string;
  count: number;
  amount: bigint;
}

/** Every day of the period, oldest first, and the groups that have records. */
export interface TChartRows {
  days: string[];
  groups: TChartGroup[];
}

/**
 * The charts' figures of the last `days` UTC days (today included), in ONE aggregate query: the
 * live deposits, withdrawals and investments made in the period, grouped by day, type and status.
 * Every day of the period comes back, a day without records as one row with no type, so the days
 * follow the database's clock, as the records' times do. The period's bounds are written out rather
 * than taken from a CTE, so the planner estimates the rows of the range. It reads only the period's
 * entries of `transactions_charts_idx`, which holds the type, status and amount beside the time, and
 * answers from the index without visiting the table (docs/money.md, "Transaction charts").
 */
export async function chartRows(db: DbOrTx, days: number): Promise<TChartRows> {
  const today = sql`(now() at time zone 'UTC')::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const rows = await queryRows<{ day: string; type: string | null; status: string | null; n: string; amount: string }>(
    db,
    sql`with groups as (
      select (created_at at time zone 'UTC')::date as day, type, status, count(*) as n, sum(amount) as amount
      from transactions
      where deleted_at is null
        and type in ('Deposit', 'Withdrawal', 'Investment')
        and created_at >= (${firstDay}::timestamp at time zone 'UTC')
        and created_at < ((${today} + 1)::timestamp at time zone 'UTC')
      group by 1, 2, 3
    )
    select to_char(d, 'YYYY-MM-DD') as day, groups.type, groups.status,
      coalesce(groups.n, 0) as n, coalesce(groups.amount, 0) as amount
    from generate_series(${firstDay}::timestamp, ${today}::timestamp, interval '1 day') as d
    left join groups on groups.day = d::date
    order by d, groups.type, groups.status`,
  );
  const result: TChartRows = { days: [], groups: [] };
  for (const r of rows) {
    if (result.days.at(-1) !== r.day) result.days.push(r.day);
    if (r.type !== null && r.status !== null) {
      result.groups.push({ day: r.day, type: r.type, status: r.status, count: Number(r.n), amount: BigInt(r.amount) });
    }
  }
  return result;
}
