/**
 * Payouts on PostgreSQL (docs/money.md, "Investments and payouts"), every figure measured in this run:
 *
 * 1. pgbench TPC-B (its default: scale 1, one client; and 4 clients) for BENCH_PGBENCH_SECONDS on the
 *    same database, its tables dropped afterwards: the transactions per second this PostgreSQL gives.
 * 2. 100,000 due payouts seeded with SQL (2,000 clients × 5 investments × 10 payouts), paid by one
 *    Process All Trades on a real server process: payouts per second, and the ratio to pgbench's TPS
 *    (goal ≥ 0.5). Then every payout is checked Completed once and the ledger verified.
 * 3. Meanwhile the admin API is called without pause (GET /api/trade/pending, GET /api/client): p50
 *    and p99 of each, idle and during the processing (goal p99 < 100 ms).
 * 4. The client's trade-activity page (GET /api/trade/activities/:userId) with 1,000 payouts in the
 *    table and with 1,000,000 (the client's own 24 hours the same; their older history and other
 *    clients' payouts added): median and ratio (goal ≤ 1.5), the admin lists' counts at that size,
 *    and the query plans.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/payouts.ts
 *   BENCH_PAYOUTS=20000 BENCH_PGBENCH_SECONDS=5 …   (a quicker run)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { verifyLedger } from '../apps/server/src/ledger/verify.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { PASSWORD, registrationForm } from '../apps/server/test/helpers/factories.ts';
import { seedDuePayouts } from '../apps/server/test/helpers/payout-fixtures.ts';
import { startServerProcess, type TServerProcess } from '../apps/server/test/helpers/server-process.ts';
import {
  createDatabase as createDatabaseOn,
  ms,
  percentile,
  requireDatabaseUrl,
  runPgbench as runPgbenchOn,
  signIn,
} from './support/postgres.ts';

const BASE_URL = requireDatabaseUrl('bench/payouts.ts');
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 100_000);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 20);
const ACTIVITY_SMALL = 1_000;
const ACTIVITY_LARGE = Number(process.env.BENCH_ACTIVITY_PAYOUTS ?? 1_000_000);
const ADMIN = { email: 'bench.admin@example.com', password: 'bench-admin-password-1' };

/** The server on `databaseUrl`, with the bench's admin; payouts run only when the admin presses Process All Trades. */
function startBenchServer(databaseUrl: string): Promise<TServerProcess> {
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'b'.repeat(40),
    PAYOUTS_AUTO_PROCESS: 'false',
  });
}

const createDatabase = () => createDatabaseOn(BASE_URL);

// --- the server -------------------------------------------------------------------------------------

async function timedGet(server: TServerProcess, path: string, token: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - start;
}

const ADMIN_CALLS = ['/api/trade/pending?page=1&limit=10', '/api/client?page=1&limit=10'] as const;

/** Calls the admin API one request after another until `stop()` says so; latencies per path. */
async function hammer(server: TServerProcess, token: string, stop: () => boolean, atLeast = 0) {
  const times = new Map<string, number[]>(ADMIN_CALLS.map((path) => [path, []]));
  for (let i = 0; !stop() || i < atLeast; i++) {
    const path = ADMIN_CALLS[i % ADMIN_CALLS.length] as string;
    times.get(path)?.push(await timedGet(server, path, token));
  }
  return times;
}

function printLatencies(label: string, times: Map<string, number[]>) {
  for (const [path, values] of times) {
    console.log(
      `  ${label.padEnd(18)} GET ${path.padEnd(36)} n=${String(values.length).padStart(5)}  p50 ${ms(percentile(values, 50)).padStart(9)}  p99 ${ms(percentile(values, 99)).padStart(9)}`,
    );
  }
}

// --- 2 and 3: processing ---------------------------------------------------------------------------

const runPgbench = (url: string) =>
  runPgbenchOn(url, PGBENCH_SECONDS, '1. pgbench TPC-B, on the database the payouts use below');

async function processing() {
  const database = await createDatabase();
  const pgbenchTps = runPgbench(database.url);
  const db = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
  let server: TServerProcess | undefined;
  try {
    const perInvestment = 10;
    const investmentsPerClient = 5;
    const clients = Math.ceil(PAYOUTS / (perInvestment * investmentsPerClient));
    let start = performance.now();
    const seeded = await seedDuePayouts(db.db, {
      clients,
      investmentsPerClient,
      payoutsPerInvestment: perInvestment,
      amount: 137,
      principal: 100_000,
      tag: 'bench',
    });
    await db.db.execute(sql`vacuum analyze`);
    console.log(
      `\n2. processing: seeded ${seeded.payouts} due payouts (${clients} clients × ${investmentsPerClient} investments × ${perInvestment}) in ${ms(performance.now() - start)}`,
    );
    server = await startBenchServer(database.url);
    const admin = await signIn(server, ADMIN.email, ADMIN.password);

    const idleEnd = performance.now() + 3_000;
    const idle = await hammer(server, admin.token, () => performance.now() > idleEnd);

    let done = false;
    start = performance.now();
    const pressed = fetch(`${server.url}/api/trade`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    }).then(async (res) => {
      const body = await res.text();
      done = true;
      if (res.status !== 200) throw new Error(`POST /api/trade: ${res.status} ${body}`);
      return { processed: (JSON.parse(body) as { processed: number }).processed, ms: performance.now() - start };
    });
    const busy = await hammer(server, admin.token, () => done);
    const result = await pressed;
    const perSecond = (result.processed / result.ms) * 1000;

    const [check] = await queryRows<{ completed: number; postings: number; refs: number }>(
      db.db,
      sql`select (select count(*)::int from payouts where status = 'Completed') as completed,
                 (select count(*)::int from ledger_transactions where kind = 'payout.paid') as postings,
                 (select count(distinct ref_id)::int from ledger_transactions where kind = 'payout.paid') as refs`,
    );
    const ledger = await verifyLedger(db.db);

    console.log(
      `  Process All Trades paid ${result.processed} payouts in ${ms(result.ms)}: ${perSecond.toFixed(0)} payouts/s`,
    );
    if (pgbenchTps) {
      const ratio = perSecond / pgbenchTps;
      console.log(
        `  ratio payouts/s ÷ pgbench TPS = ${perSecond.toFixed(0)} ÷ ${pgbenchTps.toFixed(0)} = ${ratio.toFixed(2)} (goal ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
      );
    }
    console.log(
      `  check: ${check?.completed} Completed, ${check?.postings} payout postings for ${check?.refs} payouts, ledger ${ledger.ok ? 'verifies' : 'DOES NOT verify'}`,
    );
    console.log('\n3. admin API (one request after another)');
    printLatencies('idle', idle);
    printLatencies('while processing', busy);
    const worst = Math.max(...[...busy.values()].map((values) => percentile(values, 99)));
    console.log(`  worst p99 while processing: ${ms(worst)} (goal < 100 ms: ${worst < 100 ? 'met' : 'NOT met'})`);
  } finally {
    await server?.kill();
    await db.close();
    await database.drop();
  }
}

// --- 4: trade activities at 1,000 and 1,000,000 payouts ---------------------------------------------

/**
 * Payouts every 36 minutes (40 a day), 100 per investment. `approvedAgo` places the schedule: those
 * due by now are settled (every tenth rejected with a reason), processed a minute after their due time.
 */
async function seedActivity(db: Database['db'], owners: string, options: { planId: string; planName: string }) {
  await db.transaction(async (tx) => {
    // Seeding a million rows: foreign-key triggers off for this transaction (the rows are built to fit).
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`create temporary table act_inv on commit drop as ${owners}`));
    await tx.execute(sql`
      insert into transactions (id, user_id, type, status, amount, direction, investment_plan_id,
                                investment_plan_name, created_at)
      select id, user_id, 'Investment', 'Approved', 100000, 'out', ${options.planId}::uuid, ${options.planName},
             approved_at from act_inv`);
    await tx.execute(sql`
      insert into investments (id, user_id, plan_id, interest_bp, duration, no_of_times, funded_at,
                               approved_at, matures_at, created_at)
      select id, user_id, ${options.planId}::uuid, 1000, 30, 4, approved_at, approved_at,
             approved_at + interval '60 hours', approved_at from act_inv`);
    await tx.execute(sql`
      insert into payouts (investment_id, user_id, sequence, count, amount, due_at, status, processed_at,
                           reason, created_at)
      select i.id, i.user_id, s, 100, 100, d.due,
             case when d.due > now() then 'Pending' when s % 10 = 0 then 'Rejected' else 'Completed' end,
             case when d.due > now() then null else d.due + interval '1 minute' end,
             case when d.due <= now() and s % 10 = 0 then 'Broker error' end,
             i.approved_at
      from act_inv i cross join generate_series(1, 100) as s
      cross join lateral (select i.approved_at + s * interval '36 minutes' as due) d`);
  });
}

async function activities() {
  const database = await createDatabase();
  const db = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
  let server: TServerProcess | undefined;
  try {
    server = await startBenchServer(database.url);
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const form = registrationForm();
    const registered = await fetch(`${server.url}/api/client`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    if (registered.status !== 201) throw new Error(`registration: ${registered.status}`);
    const client = await signIn(server, form.email, PASSWORD);
    const [plan] = await queryRows<{ id: string; name: string }>(
      db.db,
      sql`insert into investment_plans (name, interest_bp, duration, no_of_times, min_amount, max_amount)
          values ('Bench Plan', 1000, 30, 4, 0, 100000000) returning id, name`,
    );
    if (!plan) throw new Error('no plan');
    const passwordHash = await hashPassword('not-used-by-the-bench');
    await db.db.execute(
      sql`update users set plan_id = ${plan.id}::uuid, plan_name = ${plan.name} where id = ${client.id}`,
    );
    const options = { planId: plan.id, planName: plan.name };

    // Small: the client's live investment (60 settled, 40 of them in the last 24 hours; 40 pending)
    // and 9 other clients' investments: 1,000 payouts.
    await seedActivity(
      db.db,
      `select gen_random_uuid() as id, '${client.id}'::uuid as user_id, now() - interval '36 hours' as approved_at`,
      options,
    );
    await db.db.execute(sql`
      insert into users (type, firstname, lastname, username, email, password_hash, referral_code)
      select 'Client', 'Other', 'Client ' || i, 'other_' || i, 'other.' || i || '@example.com', ${passwordHash},
             upper(substr(md5('other' || i), 1, 10))
      from generate_series(1, 10000) as i`);
    const others = (from: number, to: number) =>
      `select gen_random_uuid() as id, u.id as user_id,
              now() - ((abs(hashtext(u.username)) % 720) * interval '1 hour') as approved_at
       from users u where u.username like 'other\\_%' and substring(u.username from 7)::int between ${from} and ${to}`;
    await seedActivity(db.db, others(1, ACTIVITY_SMALL / 100 - 1), options);
    await db.db.execute(sql`vacuum analyze`);
    const small = await measureActivities(server, db.db, client, admin.token, ACTIVITY_SMALL);

    // Large: the client's older history (10 finished investments, 1,000 payouts before the window) and
    // other clients' payouts up to ACTIVITY_LARGE; the client's own 24 hours unchanged.
    const start = performance.now();
    await seedActivity(
      db.db,
      `select gen_random_uuid() as id, '${client.id}'::uuid as user_id, now() - (g * interval '5 days') as approved_at
       from generate_series(1, 10) as g`,
      options,
    );
    // One investment (100 payouts) per other client, as many rounds over the 10,000 of them as it takes.
    let remaining = (ACTIVITY_LARGE - ACTIVITY_SMALL - 1_000) / 100;
    for (let first = ACTIVITY_SMALL / 100; remaining > 0; first = 1) {
      const last = Math.min(10_000, first - 1 + remaining);
      await seedActivity(db.db, others(first, last), options);
      remaining -= last - first + 1;
    }
    await db.db.execute(sql`vacuum analyze`);
    const [count] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from payouts`);
    console.log(`  seeded up to ${count?.n} payouts in ${ms(performance.now() - start)}`);
    const large = await measureActivities(server, db.db, client, admin.token, count?.n ?? 0);

    const ratio = large.median / small.median;
    console.log(
      `  trade activities: ${ms(small.median)} at ${small.rows} payouts, ${ms(large.median)} at ${large.rows}: ratio ${ratio.toFixed(2)} (goal ≤ 1.5: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
    );
    console.log('  admin lists at that size (median of 15, page 1 with its count):');
    for (const [path, value] of large.lists) console.log(`    GET ${path.padEnd(34)} ${ms(value)}`);
    console.log('  plans at that size:');
    for (const line of large.plans) console.log(`    ${line}`);
  } finally {
    await server?.kill();
    await db.close();
    await database.drop();
  }
}

const RUNS = 40;

async function measureActivities(
  server: TServerProcess,
  db: Database['db'],
  client: { id: string; token: string },
  adminToken: string,
  rows: number,
) {
  const path = `/api/trade/activities/${client.id}`;
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${client.token}` } });
  const body = (await res.json()) as { activities: unknown[]; summary: unknown; nextPayout: unknown };
  for (let i = 0; i < 5; i++) await timedGet(server, path, client.token);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timedGet(server, path, client.token));
  const median = percentile(times, 50);
  console.log(
    `\n4. trade activities with ${rows} payouts: median ${ms(median)}, p99 ${ms(percentile(times, 99))} (${body.activities.length} lines, summary ${JSON.stringify(body.summary)}, next ${JSON.stringify(body.nextPayout)})`,
  );
  const lists = new Map<string, number>();
  for (const list of ['/api/trade/pending', '/api/trade/due_trade', '/api/trade/rejected']) {
    const values: number[] = [];
    for (let i = 0; i < 15; i++) values.push(await timedGet(server, `${list}?page=1&limit=10`, adminToken));
    lists.set(list, percentile(values, 50));
  }
  const from = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const plans: string[] = [];
  for (const [name, query] of [
    [
      'activity lines',
      sql`select p.id from payouts p join transactions t on t.id = p.investment_id
          where p.user_id = ${client.id} and p.processed_at >= ${from}::timestamptz and p.amount > 0
          order by p.processed_at desc, p.id desc limit 100`,
    ],
    [
      'activity totals',
      sql`select sum(amount) filter (where status = 'Completed'), sum(amount) filter (where status = 'Rejected')
          from payouts where user_id = ${client.id} and processed_at >= ${from}::timestamptz`,
    ],
    ['pending count', sql`select count(*) from payouts where status = 'Pending'`],
  ] as const) {
    const explained = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, costs off) ${query}`);
    const text = explained.map((r) => r['QUERY PLAN']);
    const scans = text.filter((line) => /Scan|Execution Time/.test(line)).map((line) => line.trim());
    plans.push(`${name}: ${scans.join(' | ')}`);
  }
  return { median, rows, lists, plans };
}

// --- run ---------------------------------------------------------------------------------------------

async function run() {
  console.log(`database: postgres; ${PAYOUTS} payouts to process; pgbench ${PGBENCH_SECONDS} s per run`);
  await processing();
  await activities();
}

await run();
