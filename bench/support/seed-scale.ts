/**
 * A platform at scale, seeded with SQL `generate_series` on a database the server has migrated (or
 * `openDatabase` has): `clients` clients and `transactions` history rows (`transactions`), client 1
 * the "heavy" client with HEAVY_ROWS of them, so their history has a page 1,000 at 10 a page.
 *
 * Money goes in as the real services post it (docs/money.md): every Completed deposit is a
 * `deposit.completed` posting (external → balance), every Completed credit an `adjustment.credit`
 * (adjustments → balance), each with its two ledger entries and its history row as `ref`, and the
 * cached balance column is the sum of the client's entries, so `npm run ledger:verify` is clean.
 * Pending and Declined deposits moved no money and have no posting.
 *
 * Ids are derived from the numbers (the md5 of `bench-user-<i>` as a uuid), so the benchmark knows
 * every client's id without reading them back.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../apps/server/src/db/client.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';

/** Rows of the heavy client: page 1,000 of 10 a page exists, with a few rows to spare. */
export const HEAVY_ROWS = 10_050;
/** The surname of a few clients only: the search that matches few. */
export const RARE_NAME = 'Quillfeather';
const RARE_EVERY = 20_000;

/** Client `i`'s email (1-based; client 1 is the heavy one). */
export const clientEmail = (i: number) => `bench${i}@bench.test`;

/** Client `i`'s id, as the seed makes it: md5('bench-user-' || i) as a version-4 uuid (`bench_uuid`). */
export function clientId(i: number): string {
  const md5 = createHash('md5').update(`bench-user-${i}`).digest('hex');
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface TSeedScale {
  clients: number;
  transactions: number;
  /** Rows of the heavy client (client 1). */
  heavyRows: number;
  /** How many clients carry RARE_NAME. */
  rareMatches: number;
  /** Ledger postings written (one per Completed row). */
  postings: number;
  /** Milliseconds of each step. */
  timings: { users: number; transactions: number; ledger: number; vacuum: number };
}

const FIRST_NAMES =
  'Ada Bola Chen Dara Emeka Farah Goran Hana Ivan Jade Kofi Lena Mateo Nia Omar Priya Quinn Rosa Sven Tariq'.split(' ');
const LAST_NAMES =
  'Adeyemi Baker Costa Dubois Eze Fischer Garcia Haddad Ito Jensen Kowalski Lopez Moreau Nakamura Okafor Petrov Rossi Santos Tanaka Weber'.split(
    ' ',
  );

/** Seeds `clients` clients (all with `password`) and `transactions` history rows with their ledger. */
export async function seedScale(
  db: Database['db'],
  options: { clients: number; transactions: number; password: string },
): Promise<TSeedScale> {
  const { clients, transactions } = options;
  if (clients < 2) throw new Error('seedScale needs at least 2 clients');
  const heavy = Math.min(HEAVY_ROWS, transactions);
  const others = clients - 1;
  const hash = await hashPassword(options.password);
  const firstNames = `{${FIRST_NAMES.join(',')}}`;
  const lastNames = `{${LAST_NAMES.join(',')}}`;

  // The md5 of a text as a version-4 uuid (the answers' schemas check the version and variant digits).
  await db.execute(sql`
    create or replace function bench_uuid(seed text) returns uuid language sql immutable as $$
      select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18))::uuid
      from (select md5(seed) as h) as m
    $$`);

  let began = performance.now();
  await db.execute(sql`
    insert into users (id, type, firstname, lastname, username, email, phone, country, address, password_hash,
                       is_verified, referral_code, created_at, email_verified_at)
    select bench_uuid('bench-user-' || i), 'Client',
           (${firstNames}::text[])[1 + i % 20],
           case when i % ${RARE_EVERY}::int = 7 then ${RARE_NAME}
                else (${lastNames}::text[])[1 + (i / 20) % 20] end,
           'bench_' || i, 'bench' || i || '@bench.test', '+1 555 ' || lpad(i::text, 7, '0'), 'US',
           i || ' Bench Street', ${hash}, true, 'B' || lpad(to_hex(i), 7, '0'),
           now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
    from generate_series(1, ${clients}::int) as i`);
  const users = performance.now() - began;

  // Row k of T: the first `heavy` rows are client 1's, the rest go round the other clients. r is the
  // row's number within its client: r % 10 = 9 a Completed credit, 4 a Pending and 7 a Declined
  // deposit, otherwise a Completed deposit. Newest k last, spread over the past year.
  began = performance.now();
  await db.execute(sql`
    insert into transactions (id, user_id, type, status, amount, direction, deposit_method_name,
                              adjustment_kind, reason, decided_at, created_at, updated_at)
    select bench_uuid('bench-tx-' || k), bench_uuid('bench-user-' || c),
           case when r % 10 = 9 then 'Adjustment' else 'Deposit' end,
           case r % 10 when 4 then 'Pending' when 7 then 'Declined' else 'Completed' end,
           1000 + (k::bigint * 7919) % 500000, 'in',
           case when r % 10 = 9 then null else 'USDT (TRC20)' end,
           case when r % 10 = 9 then 'credit' end,
           case when r % 10 = 9 then 'Bench opening credit' end,
           case when r % 10 <> 4 then at end, at, at
    from (
      select k,
             case when k <= ${heavy}::int then 1 else 2 + (k - ${heavy}::int - 1) % ${others}::int end as c,
             case when k <= ${heavy}::int then k - 1 else (k - ${heavy}::int - 1) / ${others}::int end as r,
             now() - make_interval(secs => (${transactions}::int - k) * 31536000.0 / ${transactions}::int) as at
      from generate_series(1, ${transactions}::int) as k
    ) as rows`);
  const history = performance.now() - began;

  began = performance.now();
  await db.execute(sql`
    insert into ledger_transactions (id, kind, reason, ref_type, ref_id, created_at)
    select bench_uuid('bench-ledger-' || t.id),
           case t.type when 'Deposit' then 'deposit.completed' else 'adjustment.credit' end,
           case t.type when 'Deposit' then 'Deposit via USDT (TRC20) completed' else 'Credit: Bench opening credit' end,
           'transaction', t.id, t.created_at
    from transactions t where t.status = 'Completed'`);
  await db.execute(sql`
    insert into ledger_entries (transaction_id, user_id, account, amount)
    select bench_uuid('bench-ledger-' || t.id), leg.user_id, leg.account, leg.amount
    from transactions t
    cross join lateral (values
      (t.user_id, 'balance', t.amount),
      (null::uuid, case t.type when 'Deposit' then 'external' else 'adjustments' end, -t.amount)
    ) as leg(user_id, account, amount)
    where t.status = 'Completed'`);
  await db.execute(sql`
    update users u set balance = s.total
    from (select user_id, sum(amount) as total from transactions where status = 'Completed' group by user_id) as s
    where u.id = s.user_id`);
  const ledger = performance.now() - began;

  // Fresh rows are neither counted by the planner nor marked all-visible: without this the first
  // minutes of the run would measure autovacuum and guessed plans.
  began = performance.now();
  for (const table of ['users', 'transactions', 'ledger_transactions', 'ledger_entries']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const vacuum = performance.now() - began;

  await db.execute(sql`drop function bench_uuid(text)`);
  const [counts] = await queryRows<{ rare: number; postings: number }>(
    db,
    sql`select (select count(*)::int from users where lastname = ${RARE_NAME}) as rare,
               (select count(*)::int from ledger_transactions) as postings`,
  );
  return {
    clients,
    transactions,
    heavyRows: heavy,
    rareMatches: counts?.rare ?? 0,
    postings: counts?.postings ?? 0,
    timings: { users, transactions: history, ledger, vacuum },
  };
}
