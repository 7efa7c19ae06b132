import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client.ts';

/**
 * The dashboard's summary cards and charts, each number from ONE aggregate query, so they cost the
 * same whether there are a thousand clients or a hundred thousand: nothing is loaded row by row.
 *
 * What counts (money that actually moved, whoever the client is, closed accounts included since
 * their money records are kept):
 * - deposits: Deposit records with status Completed (money that came in);
 * - withdrawals: Withdrawal records with status Completed (money that went out);
 * - investments: Investment records with status Approved (active or finished plans; Pending ones
 *   may still be declined, Declined ones never ran);
 * - transactions: the sum of those three. Admin adjustments are not client transactions.
 * Deleted records (only ones that never moved money can be deleted) are left out.
 */
const COUNTED = sql`deleted_at is null and (
  (type = 'Deposit' and status = 'Completed')
  or (type = 'Withdrawal' and status = 'Completed')
  or (type = 'Investment' and status = 'Approved')
)`;

/** The summary cards' figures: open clients and the counted sums, in cents. */
export interface TStatsTotals {
  clients: number;
  deposits: bigint;
  withdrawals: bigint;
  investments: bigint;
}

export async function statsTotals(db: DbOrTx): Promise<TStatsTotals> {
  const [clients] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from users where type = 'Client' and closed_at is null`,
  );
  const [sums] = await queryRows<{ deposits: string; withdrawals: string; investments: string }>(
    db,
    sql`select
      coalesce(sum(amount) filter (where type = 'Deposit'), 0) as deposits,
      coalesce(sum(amount) filter (where type = 'Withdrawal'), 0) as withdrawals,
      coalesce(sum(amount) filter (where type = 'Investment'), 0) as investments
    from transactions where ${COUNTED}`,
  );
  return {
    clients: Number(clients?.n ?? 0),
    deposits: BigInt(sums?.deposits ?? 0),
    withdrawals: BigInt(sums?.withdrawals ?? 0),
    investments: BigInt(sums?.investments ?? 0),
  };
}

/** One day of the charts: its UTC date (`YYYY-MM-DD`) and the counted sums, in cents. */
export interface TStatsDayRow {
  day: string;
  deposits: bigint;
  withdrawals: bigint;
  investments: bigint;
}

/**
 * Per-day sums of the last `days` UTC days (today included), oldest first. `generate_series` makes
 * every day a row, so a day without money is 0 rather than missing. The range condition on
 * `created_at` uses its index, so only the period's records are read.
 */
export async function statsDays(db: DbOrTx, days: number): Promise<TStatsDayRow[]> {
  const rows = await queryRows<{ day: string; deposits: string; withdrawals: string; investments: string }>(
    db,
    sql`with bounds as (
      select (now() at time zone 'UTC')::date - ${days - 1}::int as first_day,
             (now() at time zone 'UTC')::date as last_day
    ),
    sums as (
      select (created_at at time zone 'UTC')::date as day,
        sum(amount) filter (where type = 'Deposit') as deposits,
        sum(amount) filter (where type = 'Withdrawal') as withdrawals,
        sum(amount) filter (where type = 'Investment') as investments
      from transactions, bounds
      where created_at >= (bounds.first_day::timestamp at time zone 'UTC') and ${COUNTED}
      group by 1
    )
    select to_char(d, 'YYYY-MM-DD') as day,
      coalesce(sums.deposits, 0) as deposits,
      coalesce(sums.withdrawals, 0) as withdrawals,
      coalesce(sums.investments, 0) as investments
    from bounds, generate_series(bounds.first_day::timestamp, bounds.last_day::timestamp, interval '1 day') as d
    left join sums on sums.day = d::date
    order by d`,
  );
  return rows.map((r) => ({
    day: r.day,
    deposits: BigInt(r.deposits),
    withdrawals: BigInt(r.withdrawals),
    investments: BigInt(r.investments),
  }));
}
