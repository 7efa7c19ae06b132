/**
 * What the PostgreSQL benchmarks share: a database of their own, pgbench TPC-B as the ceiling they
 * are compared with, a percentile and signing in to a server process.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { signInOverHttp } from '../../apps/server/test/helpers/http-second-factor.ts';
import type { TServerProcess } from '../../apps/server/test/helpers/server-process.ts';

export function requireDatabaseUrl(bench: string): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(`${bench} measures PostgreSQL: set DATABASE_URL (postgres://user@host:5432/db).`);
    process.exit(2);
  }
  return url;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A new database on the server of `baseUrl`, dropped by `drop()`. */
export async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `meridian_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function findPgbench(): string | undefined {
  try {
    return execFileSync('which', ['pgbench'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
    return versions.map((v) => `${root}/${v}/bin/pgbench`).find((path) => existsSync(path));
  }
}

function pgbench(bin: string, url: string, clients: number, seconds: number): { tps: number; latency: number } {
  const out = execFileSync(
    bin,
    ['-T', String(seconds), '-c', String(clients), '-j', String(Math.min(clients, 2)), url],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { tps, latency };
}

/**
 * pgbench TPC-B (scale 1) on `url` with 1 and 4 clients for `seconds` each, its tables dropped
 * afterwards; prints both and returns the better TPS (undefined when pgbench is not installed).
 */
export function runPgbench(url: string, seconds: number, heading: string): number | undefined {
  const bin = findPgbench();
  if (!bin) {
    console.log(`\n${heading}: pgbench not found (Debian: apt-get install postgresql-contrib); no ratio is printed`);
    return undefined;
  }
  execFileSync(bin, ['-i', '-q', url], { stdio: 'ignore' });
  try {
    const one = pgbench(bin, url, 1, seconds);
    const four = pgbench(bin, url, 4, seconds);
    console.log(`\n${heading} (scale 1, ${bin})`);
    console.log(`  1 client:  ${one.tps.toFixed(0)} TPS, latency ${ms(one.latency)}`);
    console.log(`  4 clients: ${four.tps.toFixed(0)} TPS, latency ${ms(four.latency)}`);
    const tps = Math.max(one.tps, four.tps);
    console.log(`  ratios divide by the better of the two: ${tps.toFixed(0)} TPS`);
    return tps;
  } finally {
    execFileSync(bin, ['-i', '-I', 'd', url], { stdio: 'ignore' });
  }
}

export async function signIn(
  server: TServerProcess,
  email: string,
  password: string,
): Promise<{ token: string; id: string }> {
  // An admin passes the second factor too, enrolling on the first sign-in (docs/security.md).
  const { auth } = await signInOverHttp(server.url, email, password);
  return { token: auth.accessToken, id: auth.user.id };
}
