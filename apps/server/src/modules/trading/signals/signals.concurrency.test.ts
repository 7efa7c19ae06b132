import type { TSignalAnswer, TSignalJoinAnswer } from '@meridian/contracts/signals';
import { signalExpectedReturnCents } from '@meridian/contracts/signals';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildTwoServers, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { postingsOf } from '../../../../test/helpers/ledger-trail.ts';
import {
  MINUTE,
  minuteOf,
  moveSignalWindow,
  priceArrives,
  recordPricePath,
  SIGNALS_TEST_CONFIG,
  signalBalancesOf,
} from '../../../../test/helpers/signal-fixtures.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { signals, signalTrades } from '../../../db/schema/trading.ts';

/**
 * Each signal, and each of its trades, settles exactly once (docs/money.md, "Signals"): two servers
 * on one database run the signals job at the same moment while an admin settles every signal through
 * either of them. Checked from the database: one `signal.settle` posting per trade, one audit entry per
 * admin settlement that succeeded, balances to the cent, and a clean ledger.
 */

// One signing key, as servers behind one load balancer share: a session works on either.
const servers = await buildTwoServers({
  ...SIGNALS_TEST_CONFIG,
  JWT_SECRET: 'signals-two-servers-secret-0123456789',
});
const { a, b } = servers;
const admin = await signedInUser(a.app, 'Admin');
afterAll(() => closeAfterLedgerCheck(servers, { ok: true }));

const SIGNALS = 8;
const ENTRIES = [100, 250.5, 999.99];

it('two servers running the job and an admin settling at once pay every trade once', async () => {
  const app: FastifyInstance = a.app;
  const clients = await Promise.all(ENTRIES.map(() => signedInUser(app, 'Client')));
  for (const client of clients) await fundClient(app, client.id, 1_000_000n);

  // Signals on BTC/USD up from 60,000.00 to 61,000.00 at 15%; even ones will be touched.
  const planned: { id: string; gain: boolean; opens: number }[] = [];
  for (let i = 0; i < SIGNALS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/signal/create',
      headers: admin.headers,
      payload: {
        title: `Signal ${i}`,
        description: 'Concurrent settlement',
        asset: 'BTC/USD',
        entryPrice: 60_000,
        targetPrice: 61_000,
        percentageReturn: 15,
        scheduleTime: new Date(Date.now() + 30 * MINUTE).toISOString(),
        closingTime: new Date(Date.now() + 90 * MINUTE).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const signal = res.json<TSignalAnswer>().signal;
    for (const [k, client] of clients.entries()) {
      // Joined through either server.
      const server = (i + k) % 2 === 0 ? a.app : b.app;
      const joined = await server.inject({
        method: 'POST',
        url: `/api/signal/${signal.id}/join`,
        headers: client.headers,
        payload: { entryAmount: ENTRIES[k] },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json<TSignalJoinAnswer>().trade.status).toBe('active');
    }
    planned.push({ id: signal.id, gain: i % 2 === 0, opens: minuteOf(Date.now() - (10 + i) * 24 * 60 * MINUTE) });
  }
  for (const { id, gain, opens } of planned) {
    await moveSignalWindow(app, id, opens, opens + 60 * MINUTE);
    await recordPricePath(app, 'BTC/USD', [
      { minute: opens + 7 * MINUTE, high: gain ? 61_000.01 : 60_999.99, low: 60_100 },
    ]);
  }
  // A fresh price on both servers, as one upstream feeds both.
  const now = Date.now();
  priceArrives(a.app, 'BTC/USD', 60_500, now);
  priceArrives(b.app, 'BTC/USD', 60_500, now);

  const settle = (server: FastifyInstance, id: string, gain: boolean) =>
    server.inject({
      method: 'PUT',
      url: `/api/signal/${id}/result`,
      headers: admin.headers,
      payload: { result: gain ? 'gain' : 'loss' },
    });
  const [answers] = await Promise.all([
    Promise.all(planned.map(({ id, gain }, i) => settle(i % 2 === 0 ? a.app : b.app, id, gain))),
    a.app.jobs.runNow('signals'),
    b.app.jobs.runNow('signals'),
    a.app.jobs.runNow('signals'),
  ]);

  // Each admin call either settled the signal or found it settled by someone else.
  const adminSettled = answers.filter((res) => res.statusCode === 200).length;
  for (const res of answers) {
    if (res.statusCode !== 200) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('This signal has already been settled');
    }
  }

  const ids = planned.map((p) => p.id);
  const rows = await app.db.select().from(signals).where(inArray(signals.id, ids));
  for (const { id, gain } of planned) {
    expect(rows.find((r) => r.id === id)).toMatchObject({ status: 'completed', result: gain ? 'gain' : 'loss' });
  }
  const trades = await app.db.select().from(signalTrades).where(inArray(signalTrades.signalId, ids));
  expect(trades).toHaveLength(SIGNALS * ENTRIES.length);
  for (const trade of trades) {
    expect(trade.status).toBe('completed');
    expect(await postingsOf(app, trade.id, 'signal.settle')).toBe(1);
  }
  const audits = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'signal.settle'), inArray(auditLog.entityId, ids)));
  expect(audits).toHaveLength(adminSettled);
  expect(rows.filter((r) => r.settledBy === admin.id)).toHaveLength(adminSettled);

  // Per client: every entry back or lost, the returns of the gains paid, nothing left in trading.
  for (const [k, client] of clients.entries()) {
    const entry = BigInt(Math.round((ENTRIES[k] ?? 0) * 100));
    const gains = BigInt(planned.filter((p) => p.gain).length);
    const losses = BigInt(planned.filter((p) => !p.gain).length);
    expect(await signalBalancesOf(app, client.id)).toEqual({
      balance: 1_000_000n - losses * entry,
      trading: 0n,
      profit: gains * signalExpectedReturnCents(entry, 15),
    });
  }
});
