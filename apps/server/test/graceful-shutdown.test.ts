import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { transactions } from '../src/db/schema/money.ts';
import { users } from '../src/db/schema/users.ts';
import { verifyLedger } from '../src/ledger/verify.ts';
import { call, connectionRefused, heldRequest, newClient, signIn, type TAnswer } from './helpers/process-api.ts';
import { serverDatabase, type TServerDatabase } from './helpers/server-database.ts';
import { startServerProcess, type TServerProcess } from './helpers/server-process.ts';

/**
 * SIGTERM on a real server process (docs/architecture.md, "Shutting down"): it stops listening at
 * once, the requests in flight finish with their normal answers, live price streams end, the
 * database closes and the process exits 0; money moved is exactly what was acknowledged. A repeated
 * signal changes nothing; a request that never finishes meets SHUTDOWN_TIMEOUT_MS, and the process
 * exits 1 naming it. Runs on PostgreSQL when DATABASE_URL is set, otherwise on an embedded database.
 */
const ADMIN = { email: 'shutdown.admin@example.com', password: 'shutdown-admin-password-1' };

let database: TServerDatabase;
let server: TServerProcess | undefined;
beforeEach(async () => {
  database = await serverDatabase();
}, 60_000);
afterEach(async () => {
  await server?.kill();
  server = undefined;
  await database.drop();
});

async function start(env: Record<string, string> = {}) {
  server = await startServerProcess({
    ...database.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 's'.repeat(40),
    MARKET_HISTORY_MINUTES: '30',
    ...env,
  });
  const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
  const client = await newClient(server.url);
  return { server, admin: admin.accessToken, client };
}

/** A credit of `cents` whose reason names it, so the database tells whether it happened. */
const credit = (ref: string, cents: number) => ({ amount: (cents / 100).toFixed(2), reason: `shutdown test ${ref}` });

/** What the credits named `refs` left in the database: how many records each, and the client's balance. */
async function creditsFound(clientId: string, refs: string[]) {
  return database.inspect(async (db) => {
    const rows = await db
      .select({ reason: transactions.reason, n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.userId, clientId), eq(transactions.type, 'Adjustment')))
      .groupBy(transactions.reason);
    const counts = new Map(rows.map((row) => [row.reason, Number(row.n)]));
    const [user] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, clientId));
    return {
      counts: refs.map((ref) => counts.get(credit(ref, 1).reason) ?? 0),
      balance: user?.balance,
      ledger: await verifyLedger(db),
    };
  });
}

/** Starts `count` credits that the server holds in flight (their bodies not yet complete). */
async function holdCredits(started: Awaited<ReturnType<typeof start>>, count: number, prefix: string) {
  const refs = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const held = await Promise.all(
    refs.map((ref, i) =>
      heldRequest(started.server.port, `/user/fund/${started.client.id}`, {
        token: started.admin,
        key: ref,
        body: credit(ref, 100 + i),
      }),
    ),
  );
  return { refs, held, cents: refs.reduce((sum, _, i) => sum + 100 + i, 0) };
}

async function untilRefused(port: number) {
  for (let i = 0; i < 200; i++) {
    if (await connectionRefused(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`port ${port} still accepts connections`);
}

describe('graceful shutdown', () => {
  it('on SIGTERM stops listening, answers the requests in flight, ends the live streams and exits 0', async () => {
    const started = await start();
    const { refs, held, cents } = await holdCredits(started, 6, 'held');
    // A live price stream, open until the server ends it.
    const stream = await fetch(`${started.server.url}/api/market/stream`);
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);

    const signalledAt = Date.now();
    started.server.child.kill('SIGTERM');
    await untilRefused(started.server.port);
    for (const request of held) request.finish();
    const answers = await Promise.all(held.map((request) => request.answer));
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
      // Its connection closes after it: a kept-alive one would hold the shutdown.
      expect(answer.headers.connection).toBe('close');
    }
    // The stream ended cleanly (no error), and the process exited 0, well before any keep-alive timeout.
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read());
    expect(await started.server.exited).toEqual({ code: 0, signal: null });
    // (A kept-alive connection left open would hold it for the 72 s keep-alive timeout.)
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    server = undefined;

    // The embedded database's lock went with the database it guarded.
    if (database.kind === 'pglite') expect(existsSync(join(database.env.DATA_DIR ?? '', LOCK_FILE))).toBe(false);
    const found = await creditsFound(started.client.id, refs);
    expect(found.counts).toEqual(refs.map(() => 1));
    expect(found.balance).toBe(BigInt(cents));
    expect(found.ledger).toMatchObject({ ok: true });
  }, 90_000);

  it('moves exactly the money it acknowledged when SIGTERM lands in the middle of a stream of credits', async () => {
    const started = await start();
    // Twelve callers, each sending credits one after another until one is refused.
    const outcomes = new Map<string, TAnswer | Error>();
    let next = 0;
    const worker = async () => {
      for (;;) {
        const ref = `stream-${next++}`;
        const outcome = await call(started.server.url, `/user/fund/${started.client.id}`, {
          method: 'POST',
          token: started.admin,
          key: ref,
          body: credit(ref, 100 + Number(ref.split('-')[1])),
        }).catch((err: Error) => err);
        outcomes.set(ref, outcome);
        // The signal once ten answers are in: more are in flight, queued, or about to be sent.
        if ([...outcomes.values()].filter((o) => !(o instanceof Error) && o.status === 200).length === 10) {
          started.server.child.kill('SIGTERM');
        }
        if (outcome instanceof Error || outcome.status !== 200) return;
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    expect(await started.server.exited).toEqual({ code: 0, signal: null });
    server = undefined;

    const refs = [...outcomes.keys()];
    const acknowledged = refs.map((ref) => {
      const outcome = outcomes.get(ref);
      return !(outcome instanceof Error) && outcome?.status === 200;
    });
    // Anything else is a refusal that moved nothing: 503 while closing, or no connection at all.
    const refusals = [...outcomes.values()].filter((o) => o instanceof Error || o.status !== 200);
    for (const outcome of refusals) if (!(outcome instanceof Error)) expect(outcome.status, outcome.body).toBe(503);
    const found = await creditsFound(started.client.id, refs);
    expect(found.counts).toEqual(acknowledged.map((ok) => (ok ? 1 : 0)));
    const cents = refs.reduce((sum, ref, i) => sum + (acknowledged[i] ? 100 + Number(ref.split('-')[1]) : 0), 0);
    expect(found.balance).toBe(BigInt(cents));
    expect(found.ledger).toMatchObject({ ok: true });
    const unavailable = refusals.filter((o) => !(o instanceof Error)).length;
    console.info(
      `${refs.length} credits sent: ${acknowledged.filter(Boolean).length} acknowledged, ` +
        `${unavailable} answered 503, ${refusals.length - unavailable} found no connection`,
    );
    expect(refusals).toHaveLength(12);
  }, 90_000);

  it('shrugs off a second SIGTERM and a SIGINT while shutting down', async () => {
    const started = await start({ LOG_LEVEL: 'warn' });
    const { refs, held, cents } = await holdCredits(started, 3, 'twice');
    started.server.child.kill('SIGTERM');
    await untilRefused(started.server.port);
    started.server.child.kill('SIGINT');
    started.server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started.server.child.exitCode).toBeNull();
    for (const request of held) request.finish();
    for (const answer of await Promise.all(held.map((request) => request.answer))) {
      expect(answer.status, answer.body).toBe(200);
    }
    expect(await started.server.exited).toEqual({ code: 0, signal: null });
    server = undefined;
    expect(started.server.stdout()).toContain('already shutting down');
    const found = await creditsFound(started.client.id, refs);
    expect(found.counts).toEqual(refs.map(() => 1));
    expect(found.balance).toBe(BigInt(cents));
  }, 90_000);

  it('past SHUTDOWN_TIMEOUT_MS exits 1, naming the request still open, which moved nothing', async () => {
    const started = await start({ SHUTDOWN_TIMEOUT_MS: '700', LOG_LEVEL: 'error' });
    const { refs } = await holdCredits(started, 1, 'stuck');
    const signalledAt = Date.now();
    started.server.child.kill('SIGTERM');
    expect(await started.server.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(700);
    server = undefined;
    const log = started.server.stdout();
    expect(log).toContain('shutdown still not done after 700 ms');
    expect(log).toContain(`POST /api/user/fund/${started.client.id}`);
    const found = await creditsFound(started.client.id, refs);
    expect(found.counts).toEqual([0]);
    expect(found.balance).toBe(0n);
    expect(found.ledger).toMatchObject({ ok: true });
  }, 90_000);
});
