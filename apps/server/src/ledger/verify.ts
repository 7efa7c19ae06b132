import type { TLedgerReport } from '@meridian/contracts/ledger';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client.ts';

/**
 * Recomputes every user's balances from the ledger entries and compares them with the cached
 * columns; also checks that each transaction and the whole ledger sum to zero. Amounts are cents
 * as text (`ZLedgerReport`, contracts/ledger.ts): what the admin endpoint answers and the script prints.
 */
export async function verifyLedger(db: DbOrTx): Promise<TLedgerReport> {
  const rows = await queryRows<{
    user_id: string;
    account: string;
    cached: string;
    ledger: string;
  }>(
    db,
    sql`
    with sums as (
      select user_id, account, sum(amount) as total
      from ledger_entries where user_id is not null group by user_id, account
    ),
    cached as (
      select u.id as user_id, a.account, a.cached
      from users u
      cross join lateral (values
        ('balance', u.balance), ('trading', u.trading_balance), ('profit', u.profit_balance),
        ('bonus', u.bonus), ('withdrawal_hold', u.withdrawal_hold)
      ) as a(account, cached)
    )
    select c.user_id, c.account, c.cached::text as cached, coalesce(s.total, 0)::text as ledger
    from cached c left join sums s on s.user_id = c.user_id and s.account = c.account
    where c.cached <> coalesce(s.total, 0)
  `,
  );
  const unbalanced = await queryRows<{ transaction_id: string }>(
    db,
    sql`
    select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0
  `,
  );
  const [total] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total from ledger_entries`,
  );
  const [count] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from users`);
  const differences = rows.map((r) => ({ userId: r.user_id, account: r.account, cached: r.cached, ledger: r.ledger }));
  const unbalancedTransactions = unbalanced.map((r) => r.transaction_id);
  const sum = total?.total ?? '0';
  return {
    ok: differences.length === 0 && unbalancedTransactions.length === 0 && sum === '0',
    differences,
    unbalancedTransactions,
    total: sum,
    usersChecked: Number(count?.n ?? 0),
  };
}
