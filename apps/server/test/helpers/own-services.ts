import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './processes.ts';

/**
 * A PostgreSQL server and a Redis of a test's own, real processes from Debian's packages, which the
 * test stops and starts again to see what the app does while they are away. The shared PostgreSQL and
 * Redis of the other tests are never stopped.
 */

const run = promisify(execFile);

/** Debian's PostgreSQL binaries (`apt-get install postgresql`), its newest version; `PG_BIN` elsewhere. */
const PG_BIN = process.env.PG_BIN ?? debianPostgresBin();

function debianPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0] ?? '15';
  return join(root, newest, 'bin');
}

export interface TOwnPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** Stops the server (fast: open connections are ended, as in an operator's restart). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it takes connections. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  remove(): Promise<void>;
}

/**
 * As root the server must run as the `postgres` user (PostgreSQL refuses root); as anyone else, as
 * that user.
 */
function asPostgres(args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0] as string, args.slice(1)];
}

async function pgCommand(args: string[]) {
  const [file, rest] = asPostgres(args);
  await run(file, rest, { timeout: 120_000 });
}

/** initdb's a fresh cluster in a temporary folder and starts it on a free port of 127.0.0.1. */
export async function startOwnPostgres(): Promise<TOwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-own-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await pgCommand([join(PG_BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const start = () =>
    pgCommand([
      join(PG_BIN, 'pg_ctl'),
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = () => pgCommand([join(PG_BIN, 'pg_ctl'), '-D', data, '-w', '-t', '60', '-m', 'fast', 'stop']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    stop,
    async start() {
      await start();
      // pg_ctl -w waits for the server to accept connections; be sure a query answers too.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.end();
    },
    async remove() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TOwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** redis-server (Debian's `redis-server` package) on a free port, nothing saved to disk. */
export async function startOwnRedis(): Promise<TOwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 30_000);
      proc.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out}`));
      });
    });
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
