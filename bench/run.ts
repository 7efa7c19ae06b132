/**
 * `npm run bench`: Meridian's hot paths next to this machine's ceilings, all measured in the same
 * run, and one table of ratios against the goals (docs/operations.md, "Benchmarks").
 *
 * pg        on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test):
 *           ceilings: pgbench TPC-B on a fresh database, and a bare Fastify + pg server
 *           (bench/support/bare-server.ts: hello, a one-row read by primary key of 100,000 rows, a
 *           locked two-row transfer); then the real server on a fresh database seeded at scale
 *           (bench/support/seed-scale.ts) through its API: money moves, a client's one-row reads,
 *           history pages 1 and 1,000, the admin lists, health, then money moves and 1,000 clients'
 *           reads at once (the mixed load); and the ledger verified after.
 * embedded  the real server on the embedded database (PGlite), a smaller seed: history page 1 and
 *           money moves against fixed goals.
 * web       Lighthouse on the built home page, and on the signed-in /user and /admin
 *           (bench/lighthouse.ts; run `npm run build` first).
 * feed      the market price fan-out to 1,000 viewers (bench/market-fanout.ts).
 * chain     the chain watcher on a local node: 1,000 transfers in one block among 10,000 watched
 *           addresses, seen then credited, and the cost of a block with none (bench/chain-watcher.ts).
 *
 * Every load is autocannon with 50 connections for BENCH_SECONDS; a load with any non-2xx answer
 * or socket error is reported as failed, not as a figure. The databases, folders and processes it
 * makes are removed at the end, also when it fails. Exit code 0 whether goals are met or not (this
 * is a report); 1 when a section crashed.
 *
 *   npm run bench
 *   BENCH_SECONDS=3 BENCH_CLIENTS=10000 BENCH_TRANSACTIONS=200000 BENCH_ONLY=pg npm run bench
 *
 * BENCH_SECONDS (15) each load · BENCH_CLIENTS (100000) and BENCH_TRANSACTIONS (2000000) the
 * PostgreSQL seed · BENCH_EMBEDDED_CLIENTS (10000) and BENCH_EMBEDDED_TRANSACTIONS (200000) the
 * embedded seed · BENCH_ONLY (pg,embedded,web,feed,chain) the sections to run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { adminCodeOverHttp } from '../apps/server/test/helpers/http-second-factor.ts';
import { startServerProcess, type TServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { startBareServer } from './support/bare-server.ts';
import { describe, failed, load, type TLoad, type TRequest } from './support/load.ts';
import { createDatabase, runPgbench, signIn } from './support/postgres.ts';
import { clientEmail, clientId, RARE_NAME, seedScale, type TSeedScale } from './support/seed-scale.ts';
import { BENCH_ADMIN, benchServerEnv } from './support/server-env.ts';
import { markdownTable } from './support/table.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 2_000_000);
const EMBEDDED_CLIENTS = Number(process.env.BENCH_EMBEDDED_CLIENTS ?? 10_000);
const EMBEDDED_TRANSACTIONS = Number(process.env.BENCH_EMBEDDED_TRANSACTIONS ?? 200_000);
const SECTIONS = ['pg', 'embedded', 'web', 'feed', 'chain'] as const;
type TSection = (typeof SECTIONS)[number];
const ONLY = new Set((process.env.BENCH_ONLY ?? SECTIONS.join(',')).split(',').map((s) => s.trim()));
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
// Children (the servers, ledger:verify) get their database explicitly: none inherits this one.
delete process.env.DATABASE_URL;

const CONNECTIONS = 50;
/** PGlite runs one query at a time: more connections only queue longer inside the server. */
const EMBEDDED_CONNECTIONS = 10;
/** Rows of the bare server's users-like table, as many as the clients of the full-size seed. */
const BARE_ROWS = 100_000;
/** Clients signed in for the one-row reads; each request reads the caller's own record. */
const SIGNED_IN = 50;
/** The mixed load's clients: signed in, each reading their own; the money moves credit them too. */
const MIXED_CLIENTS = 1000;
/** The mixed load's connections: money moves on some, reads on the rest (about 20 % moves, 80 % reads). */
const MIXED_MOVE_CONNECTIONS = 10;
const PAGE_DEEP = 1000;

const CLIENT_PASSWORD = 'bench-client-password-1';
const RUN_ID = Date.now().toString(36);

// --- clean-up, also on Ctrl-C ------------------------------------------------------------------

const cleanups = new Set<() => Promise<void>>();

/** Runs `body` with `cleanup` registered: it runs afterwards, or on SIGINT/SIGTERM meanwhile. */
async function using<T>(cleanup: () => Promise<void>, body: () => Promise<T>): Promise<T> {
  cleanups.add(cleanup);
  try {
    return await body();
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void Promise.allSettled([...cleanups].reverse().map((c) => c())).then(() => process.exit(130));
  });
}

// --- the table ---------------------------------------------------------------------------------

interface TFigure {
  value: number;
  text: string;
  p99: string;
  ok: boolean;
}

interface TRow {
  path: string;
  meridian: string;
  ceiling: string;
  ratio: string;
  goal: string;
  met: string;
  p99: string;
}

const rows: TRow[] = [];
const notes: string[] = [];

const perSecond = (l: TLoad): TFigure => ({
  value: l.perSecond,
  text: failed(l) ? `FAILED (${l.non2xx} non-2xx, ${l.errors} errors)` : `${l.perSecond.toFixed(0)}/s`,
  p99: `${l.p99} ms`,
  ok: !failed(l),
});

const meanLatency = (l: TLoad): TFigure => ({
  value: l.mean,
  text: failed(l) ? `FAILED (${l.non2xx} non-2xx, ${l.errors} errors)` : `mean ${l.mean.toFixed(1)} ms`,
  p99: `${l.p99} ms`,
  ok: !failed(l),
});

/** A row of Meridian against a ceiling: ratio = Meridian ÷ ceiling, checked against `goal` when given. */
function ratioRow(
  path: string,
  meridian: TFigure | undefined,
  ceiling: (TFigure & { name: string }) | undefined,
  goal?: { min?: number; max?: number },
) {
  const goalText = goal?.min !== undefined ? `≥ ${goal.min} ×` : goal?.max !== undefined ? `≤ ${goal.max} ×` : '—';
  if (!meridian || !ceiling) {
    rows.push({
      path,
      meridian: meridian?.text ?? 'not measured',
      ceiling: ceiling ? `${ceiling.text} ${ceiling.name}` : 'not measured',
      ratio: '—',
      goal: goalText,
      met: goal ? 'NO (not measured)' : '—',
      p99: `${meridian?.p99 ?? '—'} / ${ceiling?.p99 ?? '—'}`,
    });
    return;
  }
  const ratio = meridian.value / ceiling.value;
  const ok = meridian.ok && ceiling.ok && Number.isFinite(ratio);
  const met = !goal
    ? '—'
    : !ok
      ? 'NO (errors)'
      : (goal.min !== undefined && ratio >= goal.min) || (goal.max !== undefined && ratio <= goal.max)
        ? 'yes'
        : 'NO';
  rows.push({
    path,
    meridian: meridian.text,
    ceiling: `${ceiling.text} ${ceiling.name}`,
    ratio: ok ? ratio.toFixed(ratio < 0.1 ? 3 : 2) : '—',
    goal: goalText,
    met,
    p99: `${meridian.p99} / ${ceiling.p99}`,
  });
}

/** A row against a fixed goal (no ceiling). */
function goalRow(path: string, figure: string, p99: string, goal: string, met: boolean | undefined, ratio = '—') {
  rows.push({
    path,
    meridian: figure,
    ceiling: '—',
    ratio,
    goal,
    met: met === undefined ? 'NO (not measured)' : met ? 'yes' : 'NO',
    p99,
  });
}

// --- shared steps ------------------------------------------------------------------------------

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function getJson(server: TServerProcess, path: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The request for page `page` of `base` (which has its own `?…&limit=10`): with keyset pagination
 * (the answer carries `nextCursor`) pages 1 → page-1 are walked once for page `page`'s `after`
 * cursor; otherwise plain `&page=`. Checks that the page has rows.
 */
async function deepPage(
  server: TServerProcess,
  base: string,
  headers: Record<string, string>,
  page: number,
  listKey: string,
): Promise<{ path: string; cursor: boolean }> {
  const first = await getJson(server, `${base}&page=1`, headers);
  let path = `${base}&page=${page}`;
  const cursor = 'nextCursor' in first;
  if (cursor) {
    let after = first.nextCursor as string | null;
    for (let p = 2; p < page; p++) {
      if (after === null) throw new Error(`${base}: nextCursor is null at page ${p - 1}, before page ${page}`);
      const body = await getJson(server, `${base}&page=${p}&after=${encodeURIComponent(after)}`, headers);
      after = body.nextCursor as string | null;
    }
    if (after === null) throw new Error(`${base}: nextCursor is null at page ${page - 1}`);
    path = `${base}&page=${page}&after=${encodeURIComponent(after)}`;
  }
  const answer = await getJson(server, path, headers);
  const items = answer[listKey];
  if (!Array.isArray(items) || items.length === 0) throw new Error(`${path}: page ${page} has no ${listKey}`);
  return { path, cursor };
}

const pageMode = (deep: { cursor: boolean }) =>
  deep.cursor ? 'keyset: after=<cursor of page 999>' : 'offset: plain ?page=, no nextCursor in the answer yet';

/**
 * What `npm run ledger:verify` found: `clean` (exit 0), `NOT CLEAN` (1: differences in the ledger),
 * or `NOT CHECKED` (2 or anything else: the check could not run, e.g. its sign-in or second factor
 * was refused), so a refused sign-in never reads as money gone wrong.
 */
interface TLedgerCheck {
  clean: boolean;
  verdict: 'clean' | 'NOT CLEAN' | 'NOT CHECKED';
  summary: string;
  ms: number;
}

/** Runs `npm run ledger:verify` with `env`; its verdict and its last lines. */
function ledgerVerify(env: Record<string, string>): TLedgerCheck {
  const began = performance.now();
  const out = spawnSync('npm', ['run', '-s', 'ledger:verify'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const lines = `${out.stdout}${out.stderr}`.trim().split('\n');
  const summary = lines.filter((l) => l.startsWith('users checked') || l.startsWith('ledger:')).join('; ');
  const verdict = out.status === 0 ? 'clean' : out.status === 1 ? 'NOT CLEAN' : 'NOT CHECKED';
  return {
    clean: verdict === 'clean',
    verdict,
    summary: summary || lines.slice(-3).join(' / '),
    ms: performance.now() - began,
  };
}

function seeded(seed: TSeedScale): string {
  const t = seed.timings;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return (
    `${seed.clients} clients, ${seed.transactions} history rows (heavy client: ${seed.heavyRows}), ` +
    `${seed.postings} ledger postings, ${seed.rareMatches} clients named ${RARE_NAME}; ` +
    `users ${s(t.users)}, history ${s(t.transactions)}, ledger ${s(t.ledger)}, vacuum analyze ${s(t.vacuum)}`
  );
}

async function measure(
  label: string,
  server: { url: string },
  next: (i: number) => TRequest,
  connections = CONNECTIONS,
): Promise<TLoad> {
  const result = await load({ url: server.url, connections, seconds: SECONDS, next });
  console.log(`  ${label.padEnd(44)} ${describe(result)}`);
  return result;
}

// --- pg: ceilings, then Meridian -----------------------------------------------------------------

interface TCeilings {
  pgbenchTps: number | undefined;
  hello?: TLoad;
  read?: TLoad;
  transfer?: TLoad;
}

async function ceilings(): Promise<TCeilings> {
  const database = await createDatabase(BASE_URL);
  return using(
    () => database.drop(),
    async () => {
      const pgbenchTps = runPgbench(database.url, SECONDS, 'Ceiling: pgbench TPC-B on a fresh database');
      console.log(`\nCeiling: bare Fastify + pg server (pool 10, ${BARE_ROWS} rows), ${CONNECTIONS} connections`);
      const bare = await startBareServer(database.url, BARE_ROWS);
      return using(
        () => bare.kill(),
        async () => {
          const ids = bare.ids;
          const hello = await measure('GET /hello', bare, () => ({ path: '/hello' }));
          const read = await measure('GET /users/:id (one row by primary key)', bare, (i) => ({
            path: `/users/${ids[i % ids.length]}`,
          }));
          const transfer = await measure('POST /transfer (locked two-row transfer)', bare, (i) => {
            const from = i % ids.length;
            const to = (from + 1 + (Math.floor(i / ids.length) % (ids.length - 1))) % ids.length;
            return {
              method: 'POST',
              path: '/transfer',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ from: ids[from], to: ids[to], amount: 1 }),
            };
          });
          return { pgbenchTps, hello, read, transfer };
        },
      );
    },
  );
}

async function meridianOnPostgres(ceiling: TCeilings) {
  const database = await createDatabase(BASE_URL);
  await using(
    () => database.drop(),
    async () => {
      console.log(`\nMeridian on PostgreSQL: seeding ${CLIENTS} clients and ${TRANSACTIONS} history rows…`);
      const opened = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
      const seed = await using(
        () => opened.close(),
        () => seedScale(opened.db, { clients: CLIENTS, transactions: TRANSACTIONS, password: CLIENT_PASSWORD }),
      );
      console.log(`  seeded: ${seeded(seed)}`);
      notes.push(`PostgreSQL seed: ${seeded(seed)}`);
      const server = await startServerProcess(benchServerEnv({ DATABASE_URL: database.url }));
      const results = await using(
        () => server.kill(),
        () => measureMeridian(server, seed),
      );
      const ledger = ledgerVerify({ DATABASE_URL: database.url });
      console.log(
        `  npm run ledger:verify after the money moves (${(ledger.ms / 1000).toFixed(1)} s): ${ledger.verdict} (${ledger.summary})`,
      );
      tablePg(ceiling, results, ledger);
    },
  );
}

interface TMeridian {
  health: TLoad;
  balance: TLoad;
  client: TLoad;
  history1: TLoad;
  historyDeep: TLoad;
  clients1: TLoad;
  clientsDeep: TLoad;
  search: TLoad;
  transactions1: TLoad;
  transactionsDeep: TLoad;
  moves: TLoad;
  mixed: TMixed;
  modes: { history: string; clients: string; transactions: string };
}

async function measureMeridian(server: TServerProcess, seed: TSeedScale): Promise<TMeridian> {
  const admin = await signIn(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const heavy = await signIn(server, clientEmail(1), CLIENT_PASSWORD);
  const signed: { token: string; id: string }[] = [];
  for (let j = 0; j < SIGNED_IN; j++) {
    signed.push(
      await signIn(server, clientEmail(2 + Math.floor((j * (seed.clients - 1)) / SIGNED_IN)), CLIENT_PASSWORD),
    );
  }
  const asClient = (i: number) => signed[i % signed.length] as { token: string; id: string };
  const adminHeaders = bearer(admin.token);
  const heavyHeaders = bearer(heavy.token);

  const historyBase = `/api/transaction/user/${heavy.id}?limit=10`;
  const history = await deepPage(server, historyBase, heavyHeaders, PAGE_DEEP, 'transactions');
  const clientsDeep = await deepPage(server, '/api/client?limit=10', adminHeaders, PAGE_DEEP, 'clients');
  const transactionsDeep = await deepPage(server, '/api/transaction?limit=10', adminHeaders, PAGE_DEEP, 'transactions');
  const modes = {
    history: pageMode(history),
    clients: pageMode(clientsDeep),
    transactions: pageMode(transactionsDeep),
  };

  console.log(`\nMeridian on PostgreSQL through its API (${CONNECTIONS} connections, ${SECONDS} s each)`);
  const get = (path: string, headers: Record<string, string>) => () => ({ path, headers });
  const health = await measure('GET /api/health', server, get('/api/health', {}));
  const balance = await measure(`GET /api/balance/:own (${SIGNED_IN} clients)`, server, (i) => ({
    path: `/api/balance/${asClient(i).id}`,
    headers: bearer(asClient(i).token),
  }));
  const client = await measure(`GET /api/client/:own (${SIGNED_IN} clients)`, server, (i) => ({
    path: `/api/client/${asClient(i).id}`,
    headers: bearer(asClient(i).token),
  }));
  /** The load on page 1 of `base` and on its deep page, which `deepPage` found by keyset or offset. */
  const measurePages = async (
    list: string,
    base: string,
    deep: { path: string; cursor: boolean },
    headers: Record<string, string>,
    firstNote = '',
  ) => ({
    first: await measure(`${list} page 1${firstNote}`, server, get(`${base}&page=1`, headers)),
    deep: await measure(
      `${list} page ${PAGE_DEEP} (${deep.cursor ? 'keyset' : 'offset'})`,
      server,
      get(deep.path, headers),
    ),
  });
  const historyLoads = await measurePages('history', historyBase, history, heavyHeaders, ' (heavy client)');
  const clientsLoads = await measurePages('admin GET /api/client', '/api/client?limit=10', clientsDeep, adminHeaders);
  const search = await measure(
    `admin client search "${RARE_NAME}" (${seed.rareMatches})`,
    server,
    get(`/api/client/search?search=${RARE_NAME}`, adminHeaders),
  );
  const transactionsLoads = await measurePages(
    'admin GET /api/transaction',
    '/api/transaction?limit=10',
    transactionsDeep,
    adminHeaders,
  );
  const moves = await measure('POST /api/user/fund/:userId (admin credit)', server, (i) => ({
    method: 'POST',
    path: `/api/user/fund/${clientId(2 + (i % (seed.clients - 1)))}`,
    headers: { ...adminHeaders, 'content-type': 'application/json', 'idempotency-key': `bench-${RUN_ID}-pg-${i}` },
    body: JSON.stringify({ amount: '1.00', reason: 'Benchmark money move' }),
  }));
  const mixed = await measureMixed(server, seed, adminHeaders);
  for (const [list, mode] of [
    ['history', modes.history],
    ['admin clients', modes.clients],
    ['admin transactions', modes.transactions],
  ]) {
    console.log(`  ${list} page ${PAGE_DEEP}: ${mode}`);
    notes.push(`${list} page ${PAGE_DEEP}: ${mode}`);
  }
  return {
    health,
    balance,
    client,
    history1: historyLoads.first,
    historyDeep: historyLoads.deep,
    clients1: clientsLoads.first,
    clientsDeep: clientsLoads.deep,
    search,
    transactions1: transactionsLoads.first,
    transactionsDeep: transactionsLoads.deep,
    moves,
    mixed,
    modes,
  };
}

interface TMixed {
  moves: TLoad;
  reads: TLoad;
  clients: number;
}

/**
 * Money moves and reads at once for the whole load time, so a gain on one at the cost of the other
 * shows: admin credits on MIXED_MOVE_CONNECTIONS connections and, on the rest, MIXED_CLIENTS signed-in
 * clients reading their balance, their record and their history page 1 in turn.
 */
async function measureMixed(server: TServerProcess, seed: TSeedScale, adminHeaders: Record<string, string>) {
  const count = Math.min(MIXED_CLIENTS, seed.clients - 1);
  const started = performance.now();
  const clients: { token: string; id: string }[] = [];
  // Sign-ins hash a password each: a few at a time.
  for (let from = 0; from < count; from += 16) {
    const batch = Array.from({ length: Math.min(16, count - from) }, (_, k) =>
      signIn(server, clientEmail(2 + from + k), CLIENT_PASSWORD),
    );
    clients.push(...(await Promise.all(batch)));
  }
  console.log(`  mixed load: ${count} clients signed in (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const reads = ['balance', 'client', 'history'] as const;
  const readPath = (i: number) => {
    const client = clients[Math.floor(i / reads.length) % clients.length] as { token: string; id: string };
    const kind = reads[i % reads.length];
    const path =
      kind === 'balance'
        ? `/api/balance/${client.id}`
        : kind === 'client'
          ? `/api/client/${client.id}`
          : `/api/transaction/user/${client.id}?limit=10`;
    return { path, headers: bearer(client.token) };
  };
  const [moves, readsLoad] = await Promise.all([
    load({
      url: server.url,
      connections: MIXED_MOVE_CONNECTIONS,
      seconds: SECONDS,
      next: (i) => ({
        method: 'POST',
        path: `/api/user/fund/${clientId(2 + (i % count))}`,
        headers: {
          ...adminHeaders,
          'content-type': 'application/json',
          'idempotency-key': `bench-${RUN_ID}-mixed-${i}`,
        },
        body: JSON.stringify({ amount: '1.00', reason: 'Benchmark mixed load' }),
      }),
    }),
    load({ url: server.url, connections: CONNECTIONS - MIXED_MOVE_CONNECTIONS, seconds: SECONDS, next: readPath }),
  ]);
  console.log(`  mixed: admin credits                          ${describe(moves)}`);
  console.log(`  mixed: client reads (balance, record, history) ${describe(readsLoad)}`);
  return { moves, reads: readsLoad, clients: count };
}

function tablePg(c: TCeilings, m: TMeridian, ledger: TLedgerCheck) {
  const pgbench =
    c.pgbenchTps === undefined
      ? undefined
      : { value: c.pgbenchTps, text: `${c.pgbenchTps.toFixed(0)} TPS`, p99: '—', ok: true, name: 'pgbench TPC-B' };
  const named = (l: TLoad | undefined, name: string) => (l ? { ...perSecond(l), name } : undefined);
  const bareRead = named(c.read, 'bare one-row read');
  const deep = (l: TLoad, mode: string) => ({ ...meanLatency(l), text: `${meanLatency(l).text} (${mode})` });
  const page1 = (l: TLoad) => ({ ...meanLatency(l), name: 'page 1' });

  // Goals of group commit (docs/money.md, "Group commit").
  ratioRow('money move POST /api/user/fund (PG)', perSecond(m.moves), pgbench, { min: 0.5 });
  ratioRow('  same, against the bare locked transfer', perSecond(m.moves), named(c.transfer, 'bare transfer'), {
    min: 1,
  });
  goalRow(
    '  p99 of the money moves at 50 connections',
    `${m.moves.p99} ms`,
    '—',
    '≤ 50 ms',
    !failed(m.moves) && m.moves.p99 <= 50,
  );
  rows.push({
    path: '  ledger:verify after the money moves',
    meridian: ledger.verdict,
    ceiling: '—',
    ratio: '—',
    goal: 'clean',
    met: ledger.clean ? 'yes' : 'NO',
    p99: '—',
  });
  const mixedTotal = m.mixed.moves.perSecond + m.mixed.reads.perSecond;
  const share = mixedTotal > 0 ? Math.round((100 * m.mixed.moves.perSecond) / mixedTotal) : 0;
  ratioRow(
    `mixed load (${m.mixed.clients} clients): money moves, ${share} % of requests`,
    perSecond(m.mixed.moves),
    named(c.transfer, 'bare transfer'),
  );
  ratioRow(`mixed load: client reads, ${100 - share} % of requests`, perSecond(m.mixed.reads), bareRead);
  ratioRow('balance read GET /api/balance/:id', perSecond(m.balance), bareRead, { min: 0.6 });
  ratioRow('client record GET /api/client/:id', perSecond(m.client), bareRead, { min: 0.7 });
  ratioRow('history page 1 (heavy client)', perSecond(m.history1), bareRead, { min: 0.5 });
  ratioRow(
    `history page ${PAGE_DEEP}: mean latency vs page 1`,
    deep(m.historyDeep, m.modes.history.split(':')[0] ?? ''),
    page1(m.history1),
    { max: 1.5 },
  );
  ratioRow('admin clients page 1', perSecond(m.clients1), bareRead);
  ratioRow(
    `admin clients page ${PAGE_DEEP}: mean latency vs page 1`,
    deep(m.clientsDeep, m.modes.clients.split(':')[0] ?? ''),
    page1(m.clients1),
  );
  ratioRow(`admin client search (${RARE_NAME})`, perSecond(m.search), bareRead);
  ratioRow('admin transactions page 1', perSecond(m.transactions1), bareRead);
  ratioRow(
    `admin transactions page ${PAGE_DEEP}: mean latency vs page 1`,
    deep(m.transactionsDeep, m.modes.transactions.split(':')[0] ?? ''),
    page1(m.transactions1),
  );
  ratioRow('GET /api/health', perSecond(m.health), named(c.hello, 'bare hello'));
}

async function postgresSection() {
  console.log(`\n=== PostgreSQL (${new URL(BASE_URL).host}) ===`);
  const ceiling = await ceilings();
  try {
    await meridianOnPostgres(ceiling);
  } catch (err) {
    // The ceilings were measured: they stay in the table.
    const bare = (name: string, l: TLoad | undefined) =>
      ratioRow(`ceiling only: ${name}`, undefined, l ? { ...perSecond(l), name } : undefined);
    if (ceiling.pgbenchTps !== undefined) {
      ratioRow('ceiling only: pgbench TPC-B', undefined, {
        value: ceiling.pgbenchTps,
        text: `${ceiling.pgbenchTps.toFixed(0)} TPS`,
        p99: '—',
        ok: true,
        name: 'pgbench',
      });
    }
    bare('bare hello', ceiling.hello);
    bare('bare one-row read', ceiling.read);
    bare('bare transfer', ceiling.transfer);
    throw err;
  }
}

// --- embedded ----------------------------------------------------------------------------------

async function embeddedSection() {
  console.log(
    `\n=== Embedded database (PGlite): ${EMBEDDED_CLIENTS} clients, ${EMBEDDED_TRANSACTIONS} history rows, ${EMBEDDED_CONNECTIONS} connections (PGlite runs one query at a time) ===`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-'));
  await using(
    async () => rmSync(dir, { recursive: true, force: true }),
    async () => {
      const opened = await openDatabase({ dataDir: dir });
      const seed = await using(
        () => opened.close(),
        () =>
          seedScale(opened.db, {
            clients: EMBEDDED_CLIENTS,
            transactions: EMBEDDED_TRANSACTIONS,
            password: CLIENT_PASSWORD,
          }),
      );
      console.log(`  seeded: ${seeded(seed)}`);
      notes.push(
        `embedded seed: ${seeded(seed)}; ${EMBEDDED_CONNECTIONS} connections (PGlite runs one query at a time)`,
      );
      const server = await startServerProcess(benchServerEnv({ DATA_DIR: dir }));
      await using(
        () => server.kill(),
        async () => {
          const admin = await signIn(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
          const heavy = await signIn(server, clientEmail(1), CLIENT_PASSWORD);
          const history = await measure(
            'history page 1 (heavy client)',
            server,
            () => ({ path: `/api/transaction/user/${heavy.id}?limit=10&page=1`, headers: bearer(heavy.token) }),
            EMBEDDED_CONNECTIONS,
          );
          const moves = await measure(
            'POST /api/user/fund/:userId (admin credit)',
            server,
            (i) => ({
              method: 'POST',
              path: `/api/user/fund/${clientId(2 + (i % (seed.clients - 1)))}`,
              headers: {
                ...bearer(admin.token),
                'content-type': 'application/json',
                'idempotency-key': `bench-${RUN_ID}-embedded-${i}`,
              },
              body: JSON.stringify({ amount: '1.00', reason: 'Benchmark money move' }),
            }),
            EMBEDDED_CONNECTIONS,
          );
          // The server holds the folder: the script asks it (MERIDIAN_URL), as docs/operations.md says, signing
          // in as an admin, who passes the second factor: a fresh code of the secret the bench's own
          // sign-in enrolled, one the sign-in above has not used (docs/security.md).
          const ledger = ledgerVerify({
            MERIDIAN_URL: server.url,
            ADMIN_EMAIL: BENCH_ADMIN.email,
            ADMIN_PASSWORD: BENCH_ADMIN.password,
            ADMIN_TOTP_CODE: await adminCodeOverHttp(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password),
          });
          console.log(
            `  npm run ledger:verify (through the server) after the money moves: ${ledger.verdict} (${ledger.summary})`,
          );
          const scale = `${seed.clients / 1000}k clients`;
          goalRow(
            `embedded history page 1 (${scale})`,
            perSecond(history).text,
            `${history.p99} ms`,
            '≥ 300/s',
            !failed(history) && history.perSecond >= 300,
          );
          goalRow(
            `embedded money move (${scale})`,
            perSecond(moves).text,
            `${moves.p99} ms`,
            '≥ 400/s',
            !failed(moves) && moves.perSecond >= 400,
          );
          goalRow('  ledger:verify after the money moves', ledger.verdict, '—', 'clean', ledger.clean);
          // SIGTERM first: the server closes PGlite cleanly before its folder is removed.
          const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
          server.child.kill('SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        },
      );
    },
  );
}

// --- web and feed: functions of the other benchmarks -------------------------------------------

/** `name` exported by `file` (bench/…), or why not: a file that does not export it is not imported at all. */
async function optionalExport<T>(file: string, name: string): Promise<T | string> {
  const path = fileURLToPath(new URL(file, import.meta.url));
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return `${file} not found`;
  }
  if (!new RegExp(`export\\s+(async\\s+)?(function\\s*|const\\s+)${name}\\b`).test(text)) {
    return `not available (${file} does not export ${name})`;
  }
  const exported = ((await import(pathToFileURL(path).href)) as Record<string, unknown>)[name];
  return typeof exported === 'function' ? (exported as T) : `not available (${file}: ${name} is not a function)`;
}

type TMeasureHomePage = (options: { runs: number }) => Promise<{
  performanceMedian: number;
  scores: number[];
  initialJsGzipKb: number;
  budgetKb: number;
}>;

async function webSection() {
  console.log('\n=== Web: Lighthouse on the built home page (5 runs) ===');
  const measureHomePage = await optionalExport<TMeasureHomePage>('./lighthouse.ts', 'measureHomePage');
  if (typeof measureHomePage === 'string') {
    console.log(`  ${measureHomePage}`);
    goalRow('Lighthouse performance (median of 5)', 'not available', '—', '≥ 95', undefined);
    goalRow('initial JS of / (gzip)', 'not available', '—', '≤ 140 KB', undefined);
    notes.push(`Lighthouse: ${measureHomePage}`);
    return;
  }
  const home = await measureHomePage({ runs: 5 });
  console.log(`  performance scores ${home.scores.join(', ')}; initial JS ${home.initialJsGzipKb.toFixed(1)} KB gzip`);
  goalRow(
    `Lighthouse performance (median of ${home.scores.length} of 5 runs)`,
    String(home.performanceMedian),
    `runs: ${home.scores.join(' ')}`,
    '≥ 95',
    home.performanceMedian >= 95,
  );
  goalRow(
    'initial JS of / (gzip)',
    `${home.initialJsGzipKb.toFixed(1)} KB`,
    '—',
    `≤ ${home.budgetKb} KB`,
    home.initialJsGzipKb <= home.budgetKb,
  );
}

type TMeasureAreaPages = (options: {
  runs: number;
}) => Promise<{ path: string; performanceMedian: number; scores: number[]; lcp: number; tbt: number; cls: number }[]>;

/** The signed-in dashboards on the mobile preset: performance >= 90 and CLS <= 0.05, as ratios to the goal. */
async function areaPagesSection() {
  console.log('\n=== Web: Lighthouse on the signed-in /user and /admin (5 runs each) ===');
  const measureAreaPages = await optionalExport<TMeasureAreaPages>('./lighthouse.ts', 'measureAreaPages');
  if (typeof measureAreaPages === 'string') {
    console.log(`  ${measureAreaPages}`);
    for (const path of ['/user', '/admin']) {
      goalRow(`Lighthouse performance of ${path} (median of 5)`, 'not available', '—', '≥ 90', undefined);
    }
    notes.push(`Lighthouse on the areas: ${measureAreaPages}`);
    return;
  }
  for (const page of await measureAreaPages({ runs: 5 })) {
    console.log(
      `  ${page.path}: performance scores ${page.scores.join(', ')}; LCP ${Math.round(page.lcp)} ms, TBT ${Math.round(page.tbt)} ms, CLS ${page.cls.toFixed(3)}`,
    );
    goalRow(
      `Lighthouse performance of ${page.path}, signed in (median of ${page.scores.length} of 5 runs)`,
      String(page.performanceMedian),
      `runs: ${page.scores.join(' ')}`,
      '≥ 90',
      page.performanceMedian >= 90,
      `${(page.performanceMedian / 90).toFixed(2)} × goal`,
    );
    goalRow(
      `CLS of ${page.path}, signed in (median)`,
      page.cls.toFixed(3),
      '—',
      '≤ 0.05',
      page.cls <= 0.05,
      `${(page.cls / 0.05).toFixed(2)} × limit`,
    );
  }
}

type TMeasureFanout = (options: {
  viewers: number[];
}) => Promise<{ viewers: number; delivered: number; expected: number; p50: number; p99: number }[]>;

async function feedSection() {
  console.log('\n=== Feed: market price fan-out to 1,000 viewers ===');
  const measureFanout = await optionalExport<TMeasureFanout>('./market-fanout.ts', 'measureFanout');
  if (typeof measureFanout === 'string') {
    console.log(`  ${measureFanout}`);
    goalRow('fan-out p99 at 1,000 viewers', 'not available', '—', '≤ 100 ms', undefined);
    notes.push(`fan-out: ${measureFanout}`);
    return;
  }
  const [fanout] = await measureFanout({ viewers: [1000] });
  if (!fanout) throw new Error('measureFanout answered no result');
  const all = fanout.delivered === fanout.expected;
  console.log(
    `  ${fanout.viewers} viewers: delivered ${fanout.delivered} of ${fanout.expected}, p50 ${fanout.p50.toFixed(1)} ms, p99 ${fanout.p99.toFixed(1)} ms`,
  );
  goalRow(
    `fan-out p99 at ${fanout.viewers} viewers (${fanout.delivered}/${fanout.expected} delivered)`,
    `p99 ${fanout.p99.toFixed(1)} ms`,
    `${fanout.p99.toFixed(1)} ms`,
    '≤ 100 ms, all delivered',
    all && fanout.p99 <= 100,
  );
}

type TMeasureChainWatcher = () => Promise<{
  seenMs: number;
  creditedMs: number;
  busyReadMs: number;
  emptyMedianMs: number;
  emptyP90Ms: number;
  emptyReadMs: number;
  credited: number;
  ledgerOk: boolean;
}>;

/** The chain watcher: a block of 1,000 transfers to 10,000 watched addresses, and blocks with none. */
async function chainSection() {
  console.log('\n=== Chain: deposits seen on a local node (10,000 watched addresses) ===');
  const measure = await optionalExport<TMeasureChainWatcher>('./chain-watcher.ts', 'measureChainWatcher');
  if (typeof measure === 'string') {
    console.log(`  ${measure}`);
    goalRow('1,000 transfers in a block, seen then credited', 'not available', '—', '≤ 2000 ms', undefined);
    notes.push(`chain watcher: ${measure}`);
    return;
  }
  const r = await measure();
  const total = r.seenMs + r.creditedMs;
  console.log(
    `  seen ${r.seenMs.toFixed(0)} ms, ${r.credited} credited ${r.creditedMs.toFixed(0)} ms; empty block median ${r.emptyMedianMs.toFixed(1)} ms (p90 ${r.emptyP90Ms.toFixed(1)}); ledger ${r.ledgerOk ? 'verified' : 'NOT verified'}`,
  );
  rows.push({
    path: `chain: 1,000 transfers in one block, seen then credited (${r.credited} credited)`,
    meridian: `${total.toFixed(0)} ms`,
    ceiling: `${r.busyReadMs.toFixed(0)} ms (the node's reads)`,
    ratio: `${(total / Math.max(r.busyReadMs, 1)).toFixed(1)} × ceiling, ${(total / 2000).toFixed(2)} × goal`,
    goal: '≤ 2000 ms',
    met: total <= 2000 && r.credited === 1000 && r.ledgerOk ? 'yes' : 'NO',
    p99: '—',
  });
  rows.push({
    path: 'chain: watcher cost of a block with no transfer to us (median of 20)',
    meridian: `${r.emptyMedianMs.toFixed(1)} ms`,
    ceiling: `${r.emptyReadMs.toFixed(1)} ms (the node's reads)`,
    ratio: `${(r.emptyMedianMs / Math.max(r.emptyReadMs, 0.1)).toFixed(1)} × ceiling, ${(r.emptyMedianMs / 50).toFixed(2)} × goal`,
    goal: '< 50 ms',
    met: r.emptyMedianMs < 50 ? 'yes' : 'NO',
    p99: `p90 ${r.emptyP90Ms.toFixed(1)} ms`,
  });
}

// --- main --------------------------------------------------------------------------------------

const RUNNERS: Record<TSection, () => Promise<void>> = {
  pg: postgresSection,
  embedded: embeddedSection,
  web: async () => {
    await webSection();
    await areaPagesSection();
  },
  feed: feedSection,
  chain: chainSection,
};

async function main() {
  const unknown = [...ONLY].filter((s) => !SECTIONS.includes(s as TSection));
  if (unknown.length > 0) {
    console.error(`BENCH_ONLY: unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  console.log(`npm run bench: ${SECONDS} s per load, sections ${[...ONLY].join(', ')}`);
  const began = performance.now();
  let crashed = false;
  for (const section of SECTIONS) {
    if (!ONLY.has(section)) continue;
    try {
      await RUNNERS[section]();
    } catch (err) {
      crashed = true;
      // A failed query's own error (drizzle wraps it) says what went wrong; the query is long.
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      console.error(`\nsection ${section} crashed: ${message}${cause ? `\ncaused by: ${cause.message}` : ''}`);
      const short = String(cause?.message ?? (err instanceof Error ? err.message : err)).split('\n')[0] ?? '';
      rows.push({
        path: `${section}: CRASHED`,
        meridian: short.slice(0, 100),
        ceiling: '—',
        ratio: '—',
        goal: '—',
        met: 'NO',
        p99: '—',
      });
    }
  }
  console.log(
    `\n=== Hot paths near the machine's ceilings (${((performance.now() - began) / 60000).toFixed(1)} min) ===\n`,
  );
  console.log(
    markdownTable(
      ['path', 'Meridian', 'ceiling (same run)', 'ratio', 'goal', 'met', 'p99 Meridian / ceiling'],
      rows.map((r) => [r.path, r.meridian, r.ceiling, r.ratio, r.goal, r.met, r.p99]),
    ),
  );
  console.log('');
  for (const note of [
    `Loads: autocannon, ${CONNECTIONS} connections (embedded: ${EMBEDDED_CONNECTIONS}), ${SECONDS} s each after a 1 s warm-up; req/s counts 2xx answers only, and a load with any non-2xx answer or socket error shows FAILED.`,
    `Page ${PAGE_DEEP} rows compare mean latency at the same connections (ratio = page ${PAGE_DEEP} ÷ page 1; goal ≤ 1.5 for the client history).`,
    ...notes,
  ]) {
    console.log(`- ${note}`);
  }
  if (crashed) process.exitCode = 1;
}

await main();
