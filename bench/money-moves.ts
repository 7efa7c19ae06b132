/**
 * Admin credits through the API at 50 connections on PostgreSQL, with the API server's CPU profile
 * summed up: where a money move's time goes (docs/money.md, "Group commit").
 *
 *   BENCH_CPU_PROFILE=/tmp/prof npx tsx --conditions=source bench/money-moves.ts
 *
 * BENCH_SECONDS (10) · BENCH_CLIENTS (10000) · DATABASE_URL (postgres://postgres@127.0.0.1:5432/test) ·
 * BENCH_EMBEDDED=1: on the embedded database instead, at 10 connections (PGlite runs one query at a time).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { summariseProfile } from './support/cpu-profile.ts';
import { describe, load } from './support/load.ts';
import { createDatabase, signIn } from './support/postgres.ts';
import { clientId, seedScale } from './support/seed-scale.ts';
import { BENCH_ADMIN, benchServerEnv } from './support/server-env.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
delete process.env.DATABASE_URL;

const EMBEDDED = process.env.BENCH_EMBEDDED === '1';
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-money-moves-'));
const database = EMBEDDED
  ? { url: '', drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
  : await createDatabase(BASE_URL);
try {
  const opened = await openDatabase(EMBEDDED ? { dataDir } : { databaseUrl: database.url, dataDir: 'memory://' });
  await seedScale(opened.db, { clients: CLIENTS, transactions: CLIENTS, password: 'bench-client-password-1' });
  await opened.close();
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const server = await startServerProcess(
    benchServerEnv(EMBEDDED ? { DATA_DIR: dataDir } : { DATABASE_URL: database.url }),
    PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
  );
  try {
    const admin = await signIn(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const run = Date.now().toString(36);
    const result = await load({
      url: server.url,
      connections: EMBEDDED ? 10 : 50,
      seconds: SECONDS,
      next: (i) => ({
        method: 'POST',
        path: `/api/user/fund/${clientId(2 + (i % (CLIENTS - 1)))}`,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          'idempotency-key': `money-${run}-${i}`,
        },
        body: JSON.stringify({ amount: '1.00', reason: 'Benchmark money move' }),
      }),
    });
    console.log(`admin credit: ${describe(result)}`);
  } finally {
    // SIGINT lets node write its profile; then make sure it is gone.
    server.child.kill('SIGINT');
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 5_000))]);
    await server.kill();
  }
  if (PROFILE_DIR) {
    const [file] = readdirSync(PROFILE_DIR)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort()
      .reverse();
    if (file) for (const line of summariseProfile(join(PROFILE_DIR, file), 30)) console.log(line);
  }
} finally {
  await database.drop();
}
