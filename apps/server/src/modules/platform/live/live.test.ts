import { LIVE_STREAMS_PER_USER } from '@meridian/contracts/live-terms';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-app.ts';
import { createDepositMethodViaApi, declareDeposit, putDepositStatus } from '../../../../test/helpers/deposits.ts';
import { signedInUser, signIn, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { openLiveStream, sleep, type TLiveStream, untilReady } from '../../../../test/helpers/live-stream.ts';
import { fund } from '../../../../test/helpers/withdrawal-api.ts';
import { sessionFamilies } from '../../../db/schema/sessions.ts';
import { post } from '../../../ledger/ledger.ts';

/**
 * Live account updates over a real listening server (docs/architecture.md, "Live account updates"):
 * each signed-in caller's stream carries their own changes, told after the commit, and nobody else's.
 * On whichever database the run uses (embedded: in-process; PostgreSQL: LISTEN/NOTIFY).
 */
let t: TestApp;
let app: FastifyInstance;
let baseUrl: string;
let admin: TSignedIn;
let clientA: TSignedIn;
let clientB: TSignedIn;
const open: TLiveStream[] = [];

beforeAll(async () => {
  t = await buildTestApp({ LIVE_HEARTBEAT_SECONDS: 1 });
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
  admin = await strongAdmin(app);
  clientA = await signedInUser(app, 'Client');
  clientB = await signedInUser(app, 'Client');
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

/** A signed-in admin whose session has passed a second factor (the back office asks for one). */
async function strongAdmin(on: FastifyInstance): Promise<TSignedIn> {
  const signedIn = await signedInUser(on, 'Admin');
  await on.db.update(sessionFamilies).set({ secondFactor: 'totp' }).where(eq(sessionFamilies.userId, signedIn.id));
  return signedIn;
}

async function stream(as?: TSignedIn): Promise<TLiveStream> {
  const opened = await openLiveStream(baseUrl, as?.token);
  open.push(opened);
  return opened;
}

/** Waits until `stream`'s opening (its `ready` event) has arrived: from then on it is listening. */
async function ready(opened: TLiveStream) {
  await untilReady([opened]);
  return opened;
}

const message = (receiver: string, subject = 'Hello') =>
  app.inject({
    method: 'POST',
    url: '/api/inappmessage',
    headers: admin.headers,
    payload: { receiver, subject, message: 'A message for you' },
  });

describe('GET /api/live/events', () => {
  it('tells the client of their own changes only: balances, transactions, notifications', async () => {
    const a = await ready(await stream(clientA));
    const b = await ready(await stream(clientB));
    const adminStream = await ready(await stream(admin));
    expect(a.status).toBe(200);

    // A money event changes the balances and the history, and brings its notice to the bell.
    const credited = a.next('balances');
    expect((await fund(app, admin, clientA.id, '25')).statusCode).toBe(200);
    expect(await credited).toEqual(expect.arrayContaining(['balances', 'transactions', 'notifications']));

    const method = await createDepositMethodViaApi(app, admin);
    const deposit = await declareDeposit(app, clientA, method.id, 50);
    const declined = a.next('transactions');
    expect((await putDepositStatus(app, admin, deposit.id, 'Declined')).statusCode).toBe(200);
    expect(await declined).toEqual(expect.arrayContaining(['transactions', 'notifications']));

    const notified = a.next('notifications');
    expect((await message(clientA.id)).statusCode).toBe(201);
    await notified;

    const readAll = a.next('notifications');
    await app.inject({ method: 'PUT', url: `/api/inappmessage/markall/${clientA.id}`, headers: clientA.headers });
    await readAll;

    // Every event of A has been delivered by now; none reached B or the admin who caused them.
    await sleep(300);
    expect(b.changes).toEqual([]);
    expect(adminStream.changes).toEqual([]);
    expect(b.text()).not.toContain(clientA.id);
    // Events name topics only: no amount, id or text of the change.
    expect(a.text()).not.toMatch(/25|Hello|message for you/);
  });

  it('coalesces a burst of changes for one user into one event per topic', async () => {
    const a = await ready(await stream(clientA));
    const first = a.next('notifications');
    const sent = await Promise.all([1, 2, 3, 4, 5].map((n) => message(clientA.id, `Burst ${n}`)));
    expect(sent.every((res) => res.statusCode === 201)).toBe(true);
    await first;
    await sleep(300);
    expect(a.changes.filter((topics) => topics.includes('notifications')).length).toBeLessThanOrEqual(2);
  });

  it('tells of a change only once its transaction has committed, and never of one rolled back', async () => {
    const a = await ready(await stream(clientA));
    const legs = (amount: bigint) => [
      { userId: clientA.id, account: 'balance' as const, amount },
      { account: 'adjustments' as const, amount: -amount },
    ];
    const posting = { kind: 'adjustment.credit', reason: 'Test', actorId: admin.id, legs: legs(100n) };

    await app.db
      .transaction(async (tx) => {
        await post(tx, posting);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await sleep(400);
    expect(a.changes).toEqual([]);

    const told = a.next('balances');
    let committed = false;
    await app.db.transaction(async (tx) => {
      await post(tx, posting);
      // The posting is written but not committed: nothing may be told yet.
      await sleep(400);
      expect(a.changes).toEqual([]);
      committed = true;
    });
    await told;
    expect(committed).toBe(true);
  });

  it('refuses a caller without a valid bearer token (401), and an agent (403)', async () => {
    expect((await stream()).status).toBe(401);
    const forged = await openLiveStream(baseUrl, 'not-a-token');
    expect(forged.status).toBe(401);
    const agent = await signedInUser(app, 'Agent');
    expect((await stream(agent)).status).toBe(403);
  });

  it('ends the stream once its session is signed out', async () => {
    const client = await signedInUser(app, 'Client');
    const s = await ready(await stream(client));
    const res = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...client.headers, cookie: client.cookie },
    });
    expect(res.statusCode).toBe(200);
    // The next heartbeat (LIVE_HEARTBEAT_SECONDS: 1 here) finds the session ended.
    await Promise.race([s.ended, sleep(5000).then(() => Promise.reject(new Error('the stream did not end')))]);
    // And a new one is refused.
    expect((await stream(client)).status).toBe(401);
  });

  it(`caps the streams of one user at ${LIVE_STREAMS_PER_USER} (429), and gives a place back when one closes`, async () => {
    const client = await signedInUser(app, 'Client');
    const streams = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_USER }, () => stream(client)));
    expect(streams.map((s) => s.status)).toEqual(Array(LIVE_STREAMS_PER_USER).fill(200));
    const refused = await stream(client);
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(refused.text()).toContain('RATE_LIMITED');
    // Another user is not affected.
    expect((await stream(clientB)).status).toBe(200);
    streams[0]?.close();
    let again = 429;
    for (let i = 0; i < 50 && again !== 200; i++) {
      await sleep(20);
      const attempt = await stream(client);
      again = attempt.status;
    }
    expect(again).toBe(200);
  });

  it('answers ?once=1 with the opening only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/live/events?once=1', headers: clientA.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toContain('event: ready');
  });

  it('ends open streams when the server closes', async () => {
    const other = await buildTestApp({ LIVE_HEARTBEAT_SECONDS: 1 }, { sameDatabaseAs: t });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const again = await signIn(other.app, clientA.email);
    const s = await ready(await openLiveStream(`http://127.0.0.1:${address.port}`, again.token));
    const closing = other.close();
    await Promise.race([s.ended, sleep(5000).then(() => Promise.reject(new Error('the stream did not end')))]);
    await closing;
  });
});
