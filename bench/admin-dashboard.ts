/**
 * The admin dashboard at scale: summary cards, charts (the dashboard's and /admin/charts), the
 * Client Management list (first and last page) and client search, through the whole app
 * (app.inject, no network), at 1k and at 100k
 * clients with three money records each (300k transactions), seeded with SQL `generate_series`.
 * Runs on the embedded database and, when DATABASE_URL is set, on PostgreSQL. Prints medians and
 * the 100k / 1k ratio of each call: aggregate queries and indexed pages should grow far slower
 * than the data; a full scan grows with it.
 *
 *   npx tsx --conditions=source bench/admin-dashboard.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/admin-dashboard.ts
 *   BENCH_CLIENTS=20000 npx tsx --conditions=source bench/admin-dashboard.ts   (a quicker run)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../apps/server/test/helpers/build-app.ts';
import { signedInUser } from '../apps/server/test/helpers/factories.ts';

const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_CLIENTS ?? 100_000);
const RECORDS_PER_CLIENT = 3;
const RUNS = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Clients `from`..`to` (1-based), each created a minute apart, and three money records each across
 * the last year: deposits (3 in 4 Completed), withdrawals (3 in 4 Completed), investments (3 in 4
 * Approved); the rest Pending or Declined, so the filters have work to do.
 */
async function seed(app: FastifyInstance, from: number, to: number) {
  await app.db.execute(sql`
    insert into users (type, firstname, lastname, username, email, phone, country, address, password_hash,
                       referral_code, created_at)
    select 'Client', 'Bench' || i, 'Client' || i, 'bench_' || i, 'bench' || i || '@bench.test',
           '+1 555 ' || lpad(i::text, 7, '0'), 'US', i || ' Bench Street', 'not-a-real-hash',
           'B' || lpad(i::text, 8, '0'), now() - (i || ' minutes')::interval
    from generate_series(${from}::int, ${to}::int) as i`);
  await app.db.execute(sql`
    insert into transactions (user_id, type, status, amount, direction, created_at)
    select u.id,
           (array['Deposit', 'Withdrawal', 'Investment'])[g],
           case when (n + g) % 4 = 0 then (array['Pending', 'Declined', 'Pending'])[g]
                else (array['Completed', 'Completed', 'Approved'])[g] end,
           1000 + (n * 7919 + g * 104729) % 500000,
           case when g = 2 then 'out' else 'in' end,
           now() - (((n * 31 + g * 17) % 365) || ' days')::interval
    from (select id, substring(username from 7)::int as n from users
          where username like 'bench\\_%' and substring(username from 7)::int between ${from} and ${to}) as u
    cross join generate_series(1, ${RECORDS_PER_CLIENT}) as g`);
  await app.db.execute(sql`analyze users`);
  await app.db.execute(sql`analyze transactions`);
}

interface TCall {
  name: string;
  url: (clients: number) => string;
}

const CALLS: readonly TCall[] = [
  { name: 'stats (5 cards)', url: () => '/api/admin/stats' },
  { name: 'series (30 days)', url: () => '/api/admin/stats/series?days=30' },
  { name: 'series (366 days)', url: () => '/api/admin/stats/series?days=366' },
  { name: 'charts (90 days)', url: () => '/api/admin/charts/transactions?days=90' },
  { name: 'charts (366 days)', url: () => '/api/admin/charts/transactions?days=366' },
  { name: 'list page 1', url: () => '/api/client?page=1&limit=10' },
  { name: 'list last page', url: (n) => `/api/client?page=${Math.ceil(n / 10)}&limit=10` },
  { name: 'search one email', url: (n) => `/api/client/search?search=bench${Math.floor(n / 2)}%40bench.test` },
  { name: 'search no match', url: () => '/api/client/search?search=zz-no-such-client' },
  { name: 'search common text', url: () => '/api/client/search?search=bench' },
];

async function measure(app: FastifyInstance, headers: Record<string, string>, clients: number) {
  const results = new Map<string, number>();
  for (const call of CALLS) {
    const url = call.url(clients);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${call.name}: ${res.statusCode} ${res.body}`);
    }
    results.set(call.name, median(times));
  }
  return results;
}

async function run() {
  const t = await buildTestApp();
  const admin = await signedInUser(t.app, 'Admin');

  let start = performance.now();
  await seed(t.app, 1, SMALL);
  console.log(
    `seeded ${SMALL} clients, ${SMALL * RECORDS_PER_CLIENT} records in ${(performance.now() - start).toFixed(0)} ms`,
  );
  const small = await measure(t.app, admin.headers, SMALL);

  start = performance.now();
  await seed(t.app, SMALL + 1, LARGE);
  console.log(
    `seeded up to ${LARGE} clients, ${LARGE * RECORDS_PER_CLIENT} records in ${(performance.now() - start).toFixed(0)} ms`,
  );
  const large = await measure(t.app, admin.headers, LARGE);
  await t.close();

  console.log(`database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; median of ${RUNS} calls each`);
  console.log(
    `${'call'.padEnd(22)}${`${SMALL} clients`.padStart(14)}${`${LARGE} clients`.padStart(16)}${'ratio'.padStart(9)}`,
  );
  for (const call of CALLS) {
    const a = small.get(call.name) ?? Number.NaN;
    const b = large.get(call.name) ?? Number.NaN;
    console.log(
      `${call.name.padEnd(22)}${`${a.toFixed(2)} ms`.padStart(14)}${`${b.toFixed(2)} ms`.padStart(16)}${`${(b / a).toFixed(1)}x`.padStart(9)}`,
    );
  }
  console.log(`data grew ${(LARGE / SMALL).toFixed(0)}x`);
}

await run();
