/**
 * Two servers behind a round-robin proxy against one server, on one PostgreSQL, in one run:
 * requests per second of a signed-in read (GET /api/balance/:userId, each of 50 clients reading
 * their own balances) and of a public read (GET /api/market/quotes), measured
 *
 *   1. against one server directly,
 *   2. through the proxy in front of that one server (what the proxy itself costs),
 *   3. through the proxy in front of two servers: HAProxy from Debian (one thread), configured as
 *      docs/operations.md ("Behind a proxy") says and as the several-servers test runs it
 *      (apps/server/test/helpers/haproxy.ts),
 *
 * with a table of the figures and the ratio of 3 to 1, and where the CPU went during each load: the
 * load generator (autocannon, this process), the proxy, each server, PostgreSQL, every other process
 * of the machine and what stayed idle, in cores used on average. A machine with fewer cores
 * than processes shares them: the ratio there says what the extra hops cost, not what a second
 * machine would add.
 *
 *   npx tsx --conditions=source bench/several-servers.ts
 *   BENCH_SECONDS=5 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx --conditions=source bench/several-servers.ts
 *
 * BENCH_SECONDS (10) each load, after a 2-second warm-up · DATABASE_URL the PostgreSQL server
 * (default postgres://postgres@127.0.0.1:5432/test; a database of the run's own is made there and
 * dropped) · REDIS_URL (default redis://127.0.0.1:6379), shared by the servers · HAPROXY_BIN
 * (default /usr/sbin/haproxy; Debian: apt-get install -y haproxy).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { registrationForm } from '../apps/server/test/helpers/factories.ts';
import { startHaproxy, type THaproxy } from '../apps/server/test/helpers/haproxy.ts';
import { startServerProcess, type TServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { describe, failed, load, type TLoad, type TRequest } from './support/load.ts';
import { createDatabase, signIn } from './support/postgres.ts';
import { markdownTable } from './support/table.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
const SIGNED_IN = 50;
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
// The servers get their database explicitly: none inherits this one.
delete process.env.DATABASE_URL;
const ADMIN = { email: 'several.admin@example.com', password: 'several-admin-password-1' };

// --- clean-up, also on Ctrl-C ------------------------------------------------------------------

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanUp().then(() => process.exit(130));
  });
}

// --- where the CPU went ------------------------------------------------------------------------

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a process has used (user + system), from /proc; 0 once it is gone. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every PostgreSQL process of this machine by pid (the server is shared: other
 * databases' work counts too).
 */
function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        used.set(Number(entry), cpuOf(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  return used;
}

/** The whole machine's busy and idle CPU seconds, from /proc/stat. */
function machineCpu(): { busy: number; idle: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const ticks = (...values: (number | undefined)[]) => values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
  return {
    busy: ticks(user, nice, system, irq, softirq, steal) / TICKS_PER_SECOND,
    idle: ticks(idle, iowait) / TICKS_PER_SECOND,
  };
}

interface TProcesses {
  proxy?: number;
  servers: number[];
}

interface TCpuSample {
  at: number;
  self: number;
  proxy: number;
  servers: number[];
  postgres: Map<number, number>;
  machine: { busy: number; idle: number };
}

function sampleCpu(processes: TProcesses): TCpuSample {
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    self: (self.user + self.system) / 1e6,
    proxy: processes.proxy ? cpuOf(processes.proxy) : 0,
    servers: processes.servers.map(cpuOf),
    postgres: postgresCpu(),
    machine: machineCpu(),
  };
}

/**
 * Cores used on average between two samples: "load 0.9 · proxy 0.5 · servers 0.3+0.3 · postgres 0.4 ·
 * other 0.1 · idle 0.0", where other is every other process of the machine.
 */
function cpuSpent(from: TCpuSample, to: TCpuSample): string {
  const seconds = (to.at - from.at) / 1000;
  const cores = (value: number) => (value / seconds).toFixed(2);
  const self = to.self - from.self;
  const proxy = to.proxy - from.proxy;
  const servers = to.servers.map((value, i) => value - (from.servers[i] ?? 0));
  // A PostgreSQL process started during the load counts whole; one that ended meanwhile is lost.
  let postgres = 0;
  for (const [pid, used] of to.postgres) postgres += used - (from.postgres.get(pid) ?? 0);
  const busy = to.machine.busy - from.machine.busy;
  const other = Math.max(0, busy - self - proxy - postgres - servers.reduce((sum, v) => sum + v, 0));
  return [
    `load ${cores(self)}`,
    proxy > 0 ? `proxy ${cores(proxy)}` : 'proxy —',
    `server${servers.length > 1 ? 's' : ''} ${servers.map(cores).join('+')}`,
    `postgres ${cores(postgres)}`,
    `other ${cores(other)}`,
    `idle ${cores(to.machine.idle - from.machine.idle)}`,
  ].join(' · ');
}

// --- the loads ---------------------------------------------------------------------------------

interface TPath {
  name: string;
  next: (i: number) => TRequest;
}

interface TResult {
  setup: string;
  path: string;
  load: TLoad;
  cpu: string;
}

const results: TResult[] = [];

async function measure(setup: string, url: string, path: TPath, processes: TProcesses): Promise<void> {
  await load({ url, connections: CONNECTIONS, seconds: WARMUP_SECONDS, warmupSeconds: 0, next: path.next });
  const before = sampleCpu(processes);
  const result = await load({ url, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 0, next: path.next });
  const cpu = cpuSpent(before, sampleCpu(processes));
  results.push({ setup, path: path.name, load: result, cpu });
  console.log(`  ${setup.padEnd(22)} ${path.name.padEnd(30)} ${describe(result)}`);
  console.log(`  ${''.padEnd(22)} ${'cores used'.padEnd(30)} ${cpu}`);
}

/** The loopback address HAProxy reaches the servers from, the one they trust (TRUST_PROXY). */
const PROXY_SOURCE = '127.0.0.2';

function serverEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    TRUST_PROXY: PROXY_SOURCE,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'several-servers-bench-secret-'.padEnd(48, 's'),
    // A long run must not outlive its access tokens.
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    // Dozens of registrations and sign-ins from one address within seconds.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    MARKET_HISTORY_MINUTES: '10',
    // Nothing is due; no job should run beside the load more than it must.
    PAYOUTS_AUTO_PROCESS: 'false',
  };
}

async function startServer(env: Record<string, string>): Promise<TServerProcess> {
  const server = await startServerProcess(env);
  cleanups.push(() => server.kill());
  return server;
}

/** `count` clients registered and signed in through `server`: their ids and access tokens. */
async function signedInClients(server: TServerProcess, count: number): Promise<{ id: string; token: string }[]> {
  const clients: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const form = registrationForm();
    const res = await fetch(`${server.url}/api/client`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    if (res.status !== 201) throw new Error(`registration: ${res.status} ${await res.text()}`);
    clients.push(await signIn(server, form.email, form.password));
  }
  return clients;
}

async function run(): Promise<void> {
  console.log(
    `Several servers: ${cpus().length} cores, ${CONNECTIONS} connections, ${SECONDS} s per load after ${WARMUP_SECONDS} s of warm-up`,
  );
  const database = await createDatabase(BASE_URL);
  cleanups.push(() => database.drop());
  const env = serverEnv(database.url);
  const first = await startServer(env);
  const clients = await signedInClients(first, SIGNED_IN);
  const paths: TPath[] = [
    {
      name: 'GET /api/balance/:userId',
      next: (i) => {
        const client = clients[i % clients.length] as { id: string; token: string };
        return { path: `/api/balance/${client.id}`, headers: { authorization: `Bearer ${client.token}` } };
      },
    },
    { name: 'GET /api/market/quotes', next: () => ({ path: '/api/market/quotes' }) },
  ];

  console.log('\n1 server, directly');
  for (const path of paths) await measure('1 server', first.url, path, { servers: [first.child.pid ?? -1] });

  const alone = await startHaproxy([first.url], { sourceAddress: PROXY_SOURCE });
  cleanups.push(() => alone.stop());
  console.log('\nproxy → the same server');
  for (const path of paths) {
    await measure('proxy → 1 server', alone.url, path, { proxy: alone.pid, servers: [first.child.pid ?? -1] });
  }
  await alone.stop();

  const second = await startServer(env);
  const proxy: THaproxy = await startHaproxy([first.url, second.url], { sourceAddress: PROXY_SOURCE });
  cleanups.push(() => proxy.stop());
  console.log('\nproxy → 2 servers');
  for (const path of paths) {
    await measure('proxy → 2 servers', proxy.url, path, {
      proxy: proxy.pid,
      servers: [first.child.pid ?? -1, second.child.pid ?? -1],
    });
  }
  const served = await proxy.served();

  const figure = (setup: string, path: string) => results.find((r) => r.setup === setup && r.path === path)?.load;
  const rows = results.map((r) => {
    const base = figure('1 server', r.path);
    const ratio = base && !failed(base) && !failed(r.load) ? (r.load.perSecond / base.perSecond).toFixed(2) : '—';
    return [
      r.path,
      r.setup,
      failed(r.load) ? 'FAILED' : `${r.load.perSecond.toFixed(0)}/s`,
      `${r.load.p50} ms`,
      `${r.load.p99} ms`,
      r.setup === '1 server' ? '1.00' : ratio,
      r.cpu,
    ];
  });
  console.log(
    `\n${markdownTable(['path', 'setup', 'req/s', 'p50', 'p99', '× 1 server', `cores used (of ${cpus().length})`], rows)}`,
  );
  console.log(
    `\nThe proxy in front of 2 servers handed them ${served.join(' and ')} requests (all loads, warm-ups included).`,
  );
  if (cpus().length < 4) {
    console.log(
      `With ${cpus().length} cores for the load generator, the proxy, the servers and PostgreSQL, a second server ` +
        'shares the same cores: compare "idle" with what each process used to see what bounds each row.',
    );
  }
}

try {
  await run();
} finally {
  await cleanUp();
}
