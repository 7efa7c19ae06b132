import type { TAuthResponse, TRegisterResponse } from '@meridian/contracts/auth';
import type { THealth } from '@meridian/contracts/health';
import type { TPair, TQuoteList } from '@meridian/contracts/market';
import { messageText } from '@meridian/contracts/messages';
import type { TPositionAnswer } from '@meridian/contracts/positions';
import type { TSignalAnswer } from '@meridian/contracts/signals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { verifyLedger } from '../src/ledger/verify.ts';
import { CLUSTER_ADMIN, clusterUnavailable, serverAppName, startCluster, type TCluster } from './helpers/cluster.ts';
import { registrationForm } from './helpers/factories.ts';
import { signInOverHttp } from './helpers/http-second-factor.ts';
import { seedDuePayouts } from './helpers/payout-fixtures.ts';
import { followVerificationLinkOverHttp } from './helpers/process-api.ts';

/**
 * Meridian as several server processes on one PostgreSQL behind HAProxy
 * (test/helpers/cluster.ts): a session made on one server is honoured, rotated, detected as stolen
 * and revoked on the others (docs/security.md, "Sessions"), and every scheduled job (payouts,
 * position expiry, signal settlement) does each item exactly once between the servers, also when
 * one of them is killed in the middle of paying (docs/money.md). Outcomes are read from the
 * database: statuses, one ledger posting per item, and a clean ledger.
 */

/** Two servers, or CLUSTER_SERVERS of them (3 on a machine with the cores for it). */
const SERVERS = Number(process.env.CLUSTER_SERVERS ?? 2);
const MINUTE = 60_000;
const REFRESH_COOKIE = 'meridian_refresh';

interface TAnswer {
  status: number;
  body: string;
  /** Which server answered (through the proxy only). */
  backend: string | null;
  /** `idempotent-replayed`: "true" when the answer is a stored one (docs/money.md, "Idempotency"). */
  replayed: string | null;
  /** The refresh cookie the answer set, as `name=value` (`meridian_refresh=` when it cleared it). */
  cookie: string | undefined;
  json<T>(): T;
}

async function call(
  origin: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; cookie?: string; key?: string } = {},
): Promise<TAnswer> {
  const res = await fetch(`${origin}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await res.text();
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return {
    status: res.status,
    body,
    backend: res.headers.get('x-backend'),
    replayed: res.headers.get('idempotent-replayed'),
    cookie: set?.split(';')[0],
    json: <T>() => JSON.parse(body) as T,
  };
}

function expectOk(answer: TAnswer, status = 200): TAnswer {
  expect(answer.status, answer.body).toBe(status);
  return answer;
}

function expectRefused(answer: TAnswer, status: number, error: string, message?: string) {
  expect(answer.status, answer.body).toBe(status);
  const body = answer.json<{ error: string; message: string }>();
  expect(body.error).toBe(error);
  if (message !== undefined) expect(body.message).toBe(message);
}

async function signIn(origin: string, email: string, password: string) {
  const { auth, cookie } = await signInOverHttp(origin, email, password);
  if (!cookie) throw new Error('sign-in set no refresh cookie');
  return { ...auth, cookie };
}

/** A new client, registered through `origin`, their email verified through the mailed link (they trade). */
async function register(origin: string) {
  const form = registrationForm();
  const { user } = expectOk(
    await call(origin, '/client', { method: 'POST', body: form }),
    201,
  ).json<TRegisterResponse>();
  await followVerificationLinkOverHttp(origin, adminToken, form.email);
  return { id: user.id, email: form.email, password: form.password };
}

/** A bearer-only read that succeeds exactly while the token's session is live. */
const readOwnRecord = (origin: string, userId: string, token: string) => call(origin, `/client/${userId}`, { token });

async function jobsOf(origin: string): Promise<THealth['jobs']> {
  return ((await (await fetch(`${origin}/api/health`)).json()) as THealth).jobs;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `GET /api/market/stream` through the proxy, read as it arrives. */
async function openStream() {
  const abort = new AbortController();
  const res = await fetch(`${cluster.url}/api/market/stream`, {
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`the stream answered ${res.status}: ${await res.text()}`);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    text: () => text,
    /** Reads until the text so far matches `pattern`; fails after 10 s or when the stream ends. */
    async until(pattern: RegExp) {
      const deadline = Date.now() + 10_000;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in the stream within 10 s: ${text.slice(0, 300)}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${pattern}: ${text.slice(0, 300)}`);
        text += decoder.decode(value, { stream: true });
      }
    },
    close: () => abort.abort(),
  };
}

let cluster: TCluster;
/** Every server's own origin, in the proxy's turn order; A and B are the first two. */
let origins: string[];
let a: string;
let b: string;
let adminToken: string;

const TITLE = clusterUnavailable
  ? `several servers on one PostgreSQL: skipped, ${clusterUnavailable}`
  : `${SERVERS} servers on one PostgreSQL behind HAProxy`;

describe.skipIf(clusterUnavailable !== undefined)(TITLE, () => {
  beforeAll(async () => {
    cluster = await startCluster({
      servers: SERVERS,
      env: {
        // Jobs every 200 ms, so every server runs each job many times during a test.
        JOBS_INTERVAL_MS: '200',
        PAYOUTS_AUTO_PROCESS: 'true',
        // The longest a server may remember a token: the 1-second bound below is the worst case.
        AUTH_CACHE_MS: '1000',
        // Dozens of sign-ins from this run's one address within seconds.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // Few, so that a stream the proxy failed to close on the server would soon be refused.
        MARKET_STREAM_MAX_PER_IP: '3',
      },
    });
    origins = cluster.servers.map((server) => server.url);
    [a, b] = origins as [string, string];
    adminToken = (await signIn(cluster.url, CLUSTER_ADMIN.email, CLUSTER_ADMIN.password)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('the proxy hands requests to each server in turn and streams live prices', async () => {
    const served: string[] = [];
    for (let i = 0; i < 2 * SERVERS; i++) served.push((await call(cluster.url, '/market/quotes')).backend ?? 'none');
    // Each server in turn, twice over, from whichever the proxy's turn was at.
    const first = origins.indexOf(served[0] ?? '');
    expect(first, `answered by ${served[0]}`).toBeGreaterThanOrEqual(0);
    expect(served).toEqual(served.map((_, i) => origins[(first + i) % SERVERS]));

    // An event stream comes through as it is written: the snapshot, then the next ticks.
    const stream = await openStream();
    await stream.until(/event: quotes\n/);
    stream.close();
    expect(stream.text()).toMatch(/^retry: \d+\n\nevent: snapshot\ndata: \{"quotes":\[/);
    expect(stream.text()).toMatch(/event: quotes\ndata: /);

    // A stream the caller closes is closed on the server too: more streams one after the other than
    // a caller may hold open at once (3) are all served.
    for (let i = 0; i < 8; i++) {
      const next = await openStream();
      await next.until(/event: snapshot\n/);
      next.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('a sign-in on one server works on the other: the access token on both, the refresh cookie on both', async () => {
    const client = await register(cluster.url);
    const session = await signIn(a, client.email, client.password);
    expectOk(await readOwnRecord(a, client.id, session.accessToken));
    expectOk(await readOwnRecord(b, client.id, session.accessToken));

    // The cookie made on A refreshes on B, and the one B rotated to refreshes on A.
    const onB = expectOk(await call(b, '/refresh', { cookie: session.cookie }));
    expect(onB.cookie).toBeDefined();
    const onA = expectOk(await call(a, '/refresh', { cookie: onB.cookie }));
    for (const token of [onB.json<TAuthResponse>().accessToken, onA.json<TAuthResponse>().accessToken]) {
      expectOk(await readOwnRecord(a, client.id, token));
      expectOk(await readOwnRecord(b, client.id, token));
    }
  });

  it('refresh rotation across servers: the rotated cookie works on the other, and the old one replayed there ends the sign-in', async () => {
    const client = await register(cluster.url);
    const first = await signIn(cluster.url, client.email, client.password);
    const rotated = expectOk(await call(a, '/refresh', { cookie: first.cookie }));
    const newest = expectOk(await call(b, '/refresh', { cookie: rotated.cookie }));
    const newestToken = newest.json<TAuthResponse>().accessToken;
    expectOk(await readOwnRecord(a, client.id, newestToken));
    expectOk(await readOwnRecord(b, client.id, newestToken));

    // The first cookie was traded on A: replayed on B, it is a stolen copy.
    expectRefused(
      await call(b, '/refresh', { cookie: first.cookie }),
      401,
      'UNAUTHORIZED',
      messageText('errors.sessionExpired'),
    );
    // The whole family is revoked: the newest cookie is refused by both servers…
    expectRefused(await call(a, '/refresh', { cookie: newest.cookie }), 401, 'UNAUTHORIZED');
    expectRefused(await call(b, '/refresh', { cookie: newest.cookie }), 401, 'UNAUTHORIZED');
    // …and so is its access token, at once on B and within AUTH_CACHE_MS on A.
    expectRefused(await readOwnRecord(b, client.id, newestToken), 401, 'UNAUTHORIZED');
    await waitFor(async () => (await readOwnRecord(a, client.id, newestToken)).status === 401, 'A to refuse', 1_500);
    const families = await cluster.database.rows<{ revoked_reason: string | null }>(
      sql`select revoked_reason from session_families where user_id = ${client.id}`,
    );
    expect(families).toEqual([{ revoked_reason: 'refresh token reused' }]);
  });

  it('a sign-out on A is refused by A at once and by every other server within 1 s', async () => {
    const client = await register(cluster.url);
    const session = await signIn(cluster.url, client.email, client.password);
    // Every server remembers the token now: the worst case for how long the others may still accept it.
    for (const origin of origins) expectOk(await readOwnRecord(origin, client.id, session.accessToken));

    const signedOutAt = Date.now();
    expectOk(await call(a, '/logout', { token: session.accessToken, cookie: session.cookie }));
    expectRefused(await readOwnRecord(a, client.id, session.accessToken), 401, 'UNAUTHORIZED');
    // The others may remember the token until at most 1 s after the sign-out: each is asked every
    // 20 ms, and a request sent later than that must be refused.
    const others = origins.slice(1);
    const acceptedLate = new Map(others.map((origin) => [origin, 0]));
    const refusedAfterMs = new Map<string, number>();
    while (refusedAfterMs.size < others.length && Date.now() - signedOutAt < 2_000) {
      for (const origin of others.filter((o) => !refusedAfterMs.has(o))) {
        const sentAt = Date.now();
        const answer = await readOwnRecord(origin, client.id, session.accessToken);
        if (answer.status === 401) refusedAfterMs.set(origin, sentAt - signedOutAt);
        else {
          expect(answer.status, answer.body).toBe(200);
          if (sentAt - signedOutAt > 1_000) acceptedLate.set(origin, (acceptedLate.get(origin) ?? 0) + 1);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const origin of others) {
      expect(acceptedLate.get(origin), `requests ${origin} accepted more than 1 s after the sign-out`).toBe(0);
      expect(refusedAfterMs.get(origin), `${origin} still accepted the token 2 s after the sign-out`).toBeDefined();
    }
    for (const origin of origins) {
      expectRefused(await readOwnRecord(origin, client.id, session.accessToken), 401, 'UNAUTHORIZED');
      expectRefused(await call(origin, '/refresh', { cookie: session.cookie }), 401, 'UNAUTHORIZED');
    }
  });

  it('a credit sent to both servers at once with one Idempotency-Key moves the money once', async () => {
    const client = await register(cluster.url);
    const credit = (origin: string) =>
      call(origin, `/user/fund/${client.id}`, {
        method: 'POST',
        token: adminToken,
        key: 'cluster-credit-1',
        body: { amount: 12.34, reason: 'Wire received, sent twice' },
      });
    const answers = await Promise.all([credit(a), credit(b)]);
    for (const answer of answers) expectOk(answer);
    expect(answers[0]?.body).toBe(answers[1]?.body);
    // One did the credit; the other found the key taken and answered with the stored answer.
    expect(answers.map((answer) => answer.replayed).sort()).toEqual([null, 'true']);
    expect(await credit(b)).toMatchObject({ status: 200, replayed: 'true', body: answers[0]?.body });

    const [row] = await cluster.database.rows<{ balance: string; entries: number }>(sql`
      select u.balance::text as balance,
             (select count(*)::int from ledger_entries e where e.user_id = u.id) as entries
      from users u where u.id = ${client.id}`);
    expect(row).toEqual({ balance: '1234', entries: 1 });
  });

  it('every scheduled job does each item exactly once between the servers: payouts, position expiry, signals', async () => {
    const db = cluster.database;
    const before = await totalsByJob();

    // Clients funded by the admin and trading through the proxy, so both servers take part.
    const clients = [];
    for (let i = 0; i < 8; i++) {
      const client = await register(cluster.url);
      expectOk(
        await call(cluster.url, `/user/fund/${client.id}`, {
          method: 'POST',
          token: adminToken,
          body: { amount: 500, reason: 'Cluster test funding' },
        }),
      );
      clients.push({ ...client, token: (await signIn(cluster.url, client.email, client.password)).accessToken });
    }
    const pairs: TPair[] = ['BTC/USD', 'ETH/USD', 'EUR/USD', 'USD/JPY', 'GBP/USD'];
    const positionIds: string[] = [];
    // 40 positions opened through the API…
    for (const [i, client] of clients.entries()) {
      for (let j = 0; j < 5; j++) {
        const opened = expectOk(
          await call(cluster.url, '/position', {
            method: 'POST',
            token: client.token,
            body: {
              asset: pairs[(i + j) % pairs.length],
              amount: 10 + j,
              leverage: 1,
              expiration: 30,
              type: j % 2 === 0 ? 'buy' : 'sell',
              userId: client.id,
            },
          }),
          201,
        );
        positionIds.push(opened.json<TPositionAnswer>().position.id);
      }
    }
    // …and 600 more as the API leaves them, so that expiring them takes both servers several batches.
    const btc = (await call(cluster.url, '/market/quotes')).json<TQuoteList>().quotes.find((q) => q.pair === 'BTC/USD');
    positionIds.push(
      ...(await openPositionsInSql(
        clients.map((client) => client.id),
        75,
        btc?.mid ?? 0,
      )),
    );

    // Signals on EUR/USD whose window will be 30 to 10 minutes ago: half with a target the stored
    // prices reached (gain), half with one 5 % beyond anything they did (loss).
    const windowStart = Math.floor((Date.now() - 30 * MINUTE) / MINUTE) * MINUTE;
    const windowEnd = windowStart + 20 * MINUTE;
    const [range] = await db.rows<{ high: number }>(
      sql`select max(high) as high from market_candles where pair = 'EUR/USD'
          and minute >= ${new Date(windowStart)} and minute < ${new Date(windowEnd)}`,
    );
    const high = Number(range?.high);
    expect(high, 'the servers stored no EUR/USD history for the window').toBeGreaterThan(0);
    const price = (value: number) => Math.floor(value * 1e5) / 1e5;
    const expectedResult = new Map<string, 'gain' | 'loss'>();
    for (let i = 0; i < 6; i++) {
      const gain = i % 2 === 0;
      const target = gain ? price(high) : price(high * 1.05);
      const created = expectOk(
        await call(cluster.url, '/signal/create', {
          method: 'POST',
          token: adminToken,
          body: {
            title: `Cluster signal ${i}`,
            description: 'A signal settled by whichever server gets to it first',
            asset: 'EUR/USD',
            entryPrice: price(target - 0.01),
            targetPrice: target,
            percentageReturn: 10,
            minEntryAmount: 1,
            scheduleTime: new Date(Date.now() + 10 * MINUTE).toISOString(),
            closingTime: new Date(Date.now() + 20 * MINUTE).toISOString(),
          },
        }),
        201,
      );
      const signalId = created.json<TSignalAnswer>().signal.id;
      expectedResult.set(signalId, gain ? 'gain' : 'loss');
      for (const client of clients.slice(i % 2, (i % 2) + 5)) {
        expectOk(
          await call(cluster.url, `/signal/${signalId}/join`, {
            method: 'POST',
            token: client.token,
            body: { entryAmount: 5 },
          }),
          201,
        );
      }
    }
    const signalIds = [...expectedResult.keys()];

    // Time passes: the positions expire and the signals' windows close, all at once; and 400 payouts fall due.
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`update positions set expires_at = now() - interval '1 second' where status = 'open'`);
      await tx.execute(
        sql`update signals set schedule_time = ${new Date(windowStart)}, closing_time = ${new Date(windowEnd)}`,
      );
    });
    const seeded = await seedDuePayouts(db.db, {
      clients: 20,
      investmentsPerClient: 2,
      payoutsPerInvestment: 10,
      amount: 123,
      principal: 50_000,
    });

    await waitFor(async () => {
      const [left] = await db.rows<{ payouts: number; positions: number; signals: number }>(sql`
        select (select count(*)::int from payouts where status = 'Pending') as payouts,
               (select count(*)::int from positions where status = 'open') as positions,
               (select count(*)::int from signals where result is null) as signals`);
      return left?.payouts === 0 && left.positions === 0 && left.signals === 0;
    }, 'every job to finish');

    await expectPayoutsPaidOnce(seeded.payouts, 40);

    // Positions: each closed once, at its expiry, with one close posting and one notice.
    const positions = await db.rows<{ id: string; status: string; close_reason: string; postings: number }>(sql`
      select p.id, p.status, p.close_reason,
             (select count(*)::int from ledger_transactions l where l.kind = 'position.close' and l.ref_id = p.id) as postings
      from positions p`);
    expect(positions).toHaveLength(positionIds.length);
    for (const position of positions) {
      expect(position).toEqual({ id: position.id, status: 'closed', close_reason: 'expired', postings: 1 });
    }
    const [notices] = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from in_app_messages where subject = 'Position expired'`,
    );
    expect(notices?.n).toBe(positionIds.length);

    // Signals: each settled once with the result its prices give; each trade paid or lost once.
    const signals = await db.rows<{ id: string; status: string; result: string }>(
      sql`select id, status, result from signals`,
    );
    expect(signals.map((s) => [s.id, s.status, s.result]).sort()).toEqual(
      signalIds.map((id) => [id, 'completed', expectedResult.get(id)]).sort(),
    );
    const trades = await db.rows<{ status: string; result: string; signal_result: string; postings: number }>(sql`
      select t.status, t.result, s.result as signal_result,
             (select count(*)::int from ledger_transactions l where l.kind = 'signal.settle' and l.ref_id = t.id) as postings
      from signal_trades t join signals s on s.id = t.signal_id`);
    expect(trades).toHaveLength(signalIds.length * 5);
    for (const trade of trades) {
      expect(trade).toEqual({
        status: 'completed',
        result: trade.signal_result,
        signal_result: trade.signal_result,
        postings: 1,
      });
    }
    const [settleNotices] = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from in_app_messages where subject like 'Signal settled as a %'`,
    );
    expect(settleNotices?.n).toBe(trades.length);

    // The servers' own counts add up to exactly the items: no server did one another had done.
    // (The signals job counts a signal when it activates it and again when it settles it.)
    const after = await totalsByJob();
    const done = (job: string) => (after.get(job) ?? 0) - (before.get(job) ?? 0);
    expect(done('payouts')).toBe(seeded.payouts);
    expect(done('positions')).toBe(positionIds.length);
    expect(done('signals')).toBe(2 * signalIds.length);
    for (const origin of origins) {
      for (const job of await jobsOf(origin)) {
        expect(job.lastError, `${job.name} on ${origin}`).toBeNull();
        // A job a setting turns off (mail without SMTP_URL) never runs on its own.
        if (job.enabled) expect(job.runs, `${job.name} on ${origin}`).toBeGreaterThan(0);
        else expect(job.runs, `${job.name} on ${origin}`).toBe(0);
      }
    }

    expect(await verifyLedger(db.db)).toMatchObject({
      ok: true,
      total: '0',
      differences: [],
      unbalancedTransactions: [],
    });
  }, 120_000);

  it('a server killed with SIGKILL in the middle of paying: the others pay the rest, each exactly once', async () => {
    const db = cluster.database;
    const [killed, ...survivors] = cluster.servers as [TCluster['servers'][number], ...TCluster['servers']];
    const [paidBefore] = await db.rows<{ payouts: number; investments: number }>(sql`
      select (select count(*)::int from payouts) as payouts, (select count(*)::int from investments) as investments`);

    // 10,000 due payouts: every server starts paying them in batches of 250 within 200 ms.
    const seeded = await seedDuePayouts(db.db, {
      clients: 1_000,
      investmentsPerClient: 1,
      payoutsPerInvestment: 10,
      amount: 77,
      principal: 20_000,
    });

    // Killed inside a batch's transaction (its connection holds a transaction id: it has claimed
    // payouts), once the servers have paid a good part of these and many are still due.
    let pendingAtKill = 0;
    await waitFor(
      async () => {
        const [row] = await db.rows<{ pending: number; in_batch: number }>(sql`
          select (select count(*)::int from payouts where status = 'Pending') as pending,
                 (select count(*)::int from pg_stat_activity where datname = current_database()
                    and application_name = ${serverAppName(0)} and backend_xid is not null) as in_batch`);
        pendingAtKill = row?.pending ?? 0;
        return (row?.in_batch ?? 0) > 0 && pendingAtKill < seeded.payouts * 0.7;
      },
      'the server to be in the middle of a batch',
      30_000,
    );
    await killed.kill();
    expect(pendingAtKill).toBeGreaterThan(0);
    expect(pendingAtKill).toBeLessThan(seeded.payouts);

    // PostgreSQL ends the dead server's connections (its socket closed) and rolls back the batch it
    // was in, which frees the payouts it had claimed for the others.
    await waitFor(
      async () => {
        const [row] = await db.rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = ${serverAppName(0)}`);
        return row?.n === 0;
      },
      "PostgreSQL to end the killed server's connections",
      10_000,
    );

    await waitFor(async () => {
      const [row] = await db.rows<{ n: number }>(sql`select count(*)::int as n from payouts where status = 'Pending'`);
      return row?.n === 0;
    }, 'the others to pay the rest');
    for (const survivor of survivors) expect((await call(survivor.url, '/health')).status).toBe(200);

    await expectPayoutsPaidOnce((paidBefore?.payouts ?? 0) + seeded.payouts, (paidBefore?.investments ?? 0) + 1_000);
  }, 120_000);
});

/**
 * `perClient` open 1:1 buys of $1 on BTC/USD at `entry` for each client, written as
 * `openPosition` leaves them: the margin posted balance → trading, the Pending history row, the
 * position; expiring in 30 minutes. Answers their ids.
 */
async function openPositionsInSql(userIds: string[], perClient: number, entry: number): Promise<string[]> {
  expect(entry).toBeGreaterThan(0);
  const margin = 100;
  return cluster.database.db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table seed_positions on commit drop as
      select gen_random_uuid() as id, gen_random_uuid() as ledger_id, u.id as user_id
      from unnest(${sql.param(userIds)}::uuid[]) as u(id) cross join generate_series(1, ${perClient}::int)`);
    await tx.execute(sql`
      insert into transactions (id, user_id, type, status, amount, direction, asset)
      select id, user_id, 'Position', 'Pending', ${margin}::bigint, 'out', 'BTC/USD' from seed_positions`);
    await tx.execute(sql`
      insert into positions (id, user_id, pair, type, margin, leverage, expiration_minutes, entry_price,
                             entry_price_time, stop_out_price, expires_at)
      select id, user_id, 'BTC/USD', 'buy', ${margin}::bigint, 1, 30, ${entry}::float8, now(), null,
             now() + interval '30 minutes'
      from seed_positions`);
    await tx.execute(sql`
      insert into ledger_transactions (id, kind, reason, actor_id, ref_type, ref_id)
      select ledger_id, 'position.open', 'Buy position on BTC/USD at 1:1 opened', user_id, 'transaction', id
      from seed_positions`);
    await tx.execute(sql`
      insert into ledger_entries (transaction_id, user_id, account, amount)
      select ledger_id, user_id, 'balance', -${margin}::bigint from seed_positions
      union all
      select ledger_id, user_id, 'trading', ${margin}::bigint from seed_positions`);
    await tx.execute(sql`
      update users u set balance = u.balance - s.total, trading_balance = u.trading_balance + s.total
      from (select user_id, count(*) * ${margin}::bigint as total from seed_positions group by user_id) s
      where u.id = s.user_id`);
    const rows = await queryRows<{ id: string }>(tx, sql`select id from seed_positions`);
    return rows.map((row) => row.id);
  });
}

/** Each job's items processed so far, summed over the servers still running. */
async function totalsByJob(): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const origin of origins) {
    for (const job of await jobsOf(origin)) totals.set(job.name, (totals.get(job.name) ?? 0) + job.totalProcessed);
  }
  return totals;
}

/**
 * Every payout on the database Completed, with exactly one payout.paid posting and one Payout record;
 * every investment matured once; and the ledger clean.
 */
async function expectPayoutsPaidOnce(payouts: number, investments: number) {
  const [counts] = await cluster.database.rows<Record<string, number>>(sql`
    select
      (select count(*)::int from payouts) as payouts,
      (select count(*)::int from payouts where status = 'Completed') as completed,
      (select count(*)::int from ledger_transactions where kind = 'payout.paid') as postings,
      (select count(distinct ref_id)::int from ledger_transactions where kind = 'payout.paid') as paid_refs,
      (select count(*)::int from transactions where type = 'Payout') as records,
      (select count(*)::int from investments where matured_at is not null) as matured_investments,
      (select count(*)::int from ledger_transactions where kind = 'investment.matured') as maturities,
      (select count(distinct ref_id)::int from ledger_transactions where kind = 'investment.matured') as matured_refs`);
  expect(counts).toEqual({
    payouts,
    completed: payouts,
    postings: payouts,
    paid_refs: payouts,
    records: payouts,
    matured_investments: investments,
    maturities: investments,
    matured_refs: investments,
  });
  expect(await verifyLedger(cluster.database.db)).toMatchObject({
    ok: true,
    total: '0',
    differences: [],
    unbalancedTransactions: [],
  });
}
