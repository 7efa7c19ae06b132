/**
 * The ceiling of an HTTP API on this machine: Fastify and node-postgres with nothing else (no
 * authentication, no validation, no ORM), in a process of its own like the real server, with the
 * real server's pool size (10, `apps/server/src/db/client.ts`). It serves:
 *
 *   GET  /hello           a constant answer: the HTTP stack alone
 *   GET  /users/:id       one row by primary key from a users-like table (`bare_users`)
 *   POST /transfer        a locked two-row transfer: BEGIN; SELECT … FOR UPDATE both rows in id
 *                         order; UPDATE both; INSERT a transfer row; COMMIT
 *
 * `startBareServer` seeds the tables and starts this file again as a child process, which serves
 * them; the child knows it is the server by BARE_SERVER_CHILD=1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort } from '../../apps/server/test/helpers/processes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const POOL_SIZE = 10;

export interface TBareServer {
  url: string;
  /** Ids of `bare_users`, a sample the load spreads over. */
  ids: string[];
  kill(): Promise<void>;
}

/** `rows` users-like rows (uuid keys, names, an email, a balance) and an empty transfers table. */
export async function seedBareTables(databaseUrl: string, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      create table bare_users (
        id uuid primary key default gen_random_uuid(),
        firstname text not null,
        lastname text not null,
        email text not null unique,
        balance bigint not null check (balance >= 0),
        created_at timestamptz not null default now()
      );
      create table bare_transfers (
        id uuid primary key default gen_random_uuid(),
        from_id uuid not null references bare_users (id),
        to_id uuid not null references bare_users (id),
        amount bigint not null,
        created_at timestamptz not null default now()
      );`);
    await client.query(
      `insert into bare_users (firstname, lastname, email, balance)
       select 'Bare' || i, 'User' || i, 'bare' || i || '@bench.test', 1000000000
       from generate_series(1, $1::int) as i`,
      [rows],
    );
    await client.query('vacuum analyze bare_users');
  } finally {
    await client.end();
  }
}

/** Seeds `rows` rows on `databaseUrl` and starts the bare server on them; resolves once it answers. */
export async function startBareServer(databaseUrl: string, rows: number): Promise<TBareServer> {
  await seedBareTables(databaseUrl, rows);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids = (await client.query<{ id: string }>('select id from bare_users order by random() limit 1000')).rows.map(
    (r) => r.id,
  );
  await client.end();

  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...process.env, BARE_SERVER_CHILD: '1', DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`bare server exited (${child.exitCode}): ${stderr}`);
      try {
        if ((await fetch(`${url}/hello`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 300) throw new Error(`bare server did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (err) {
    await kill();
    throw err;
  }
  return { url, ids, kill };
}

/** The child: serves the three routes until it is killed. */
async function serve(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
  const app = Fastify({ logger: false });

  app.get('/hello', async () => ({ hello: 'world' }));

  app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const { rows } = await pool.query(
      'select id, firstname, lastname, email, balance::text as balance from bare_users where id = $1',
      [request.params.id],
    );
    if (!rows[0]) return reply.code(404).send({ message: 'not found' });
    return rows[0];
  });

  app.post<{ Body: { from: string; to: string; amount: number } }>('/transfer', async (request, reply) => {
    const { from, to, amount } = request.body;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const locked = await client.query<{ id: string; balance: string }>(
        'select id, balance from bare_users where id = any($1::uuid[]) order by id for update',
        [[from, to]],
      );
      if (locked.rows.length !== 2) {
        await client.query('rollback');
        return reply.code(404).send({ message: 'not found' });
      }
      await client.query('update bare_users set balance = balance - $2 where id = $1', [from, amount]);
      await client.query('update bare_users set balance = balance + $2 where id = $1', [to, amount]);
      const inserted = await client.query<{ id: string }>(
        'insert into bare_transfers (from_id, to_id, amount) values ($1, $2, $3) returning id',
        [from, to, amount],
      );
      await client.query('commit');
      return { id: inserted.rows[0]?.id };
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  });

  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
}

if (process.env.BARE_SERVER_CHILD === '1') await serve();
