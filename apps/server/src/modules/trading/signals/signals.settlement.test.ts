import type { TPair } from '@meridian/contracts/market';
import type { TSignal, TSignalAnswer, TSignalEvidenceAnswer, TSignalJoinAnswer } from '@meridian/contracts/signals';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../test/helpers/api-error.ts';
import { buildSignedInApp, closeAfterLedgerCheck } from '../../../../test/helpers/build-app.ts';
import { signedInUser, type TSignedIn } from '../../../../test/helpers/factories.ts';
import { entriesOf, postingsOf } from '../../../../test/helpers/ledger-trail.ts';
import { noticeOf } from '../../../../test/helpers/notices.ts';
import {
  MINUTE,
  minuteOf,
  moveSignalWindow,
  priceArrives,
  recordPricePath,
  SIGNALS_TEST_CONFIG,
  signalBalancesOf,
  signalRow,
  type TPathMinute,
} from '../../../../test/helpers/signal-fixtures.ts';
import { fundClient } from '../../../../test/helpers/withdrawal-fixtures.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { transactions } from '../../../db/schema/money.ts';
import { signalTrades } from '../../../db/schema/trading.ts';

/**
 * Settlement against recorded price paths (docs/money.md, "Signals"): clients join a signal through
 * the API, its window is then moved into the past (as time passing would), a price path is written
 * into the stored 1-minute candles as the feed records them, and the job (or the admin) settles it.
 * Each scenario checks the result, the evidence it rests on to the minute, and the money to the cent.
 */

const { t, app, admin } = await buildSignedInApp(['Admin'], SIGNALS_TEST_CONFIG);
afterAll(() => closeAfterLedgerCheck(t, { ok: true }));

/** Each scenario's window: an hour, starting a whole number of days ago (its own, so paths never overlap). */
let daysAgo = 3;
function nextWindow(): { opens: number; closes: number } {
  daysAgo += 1;
  const opens = minuteOf(Date.now() - daysAgo * 24 * 60 * MINUTE);
  return { opens, closes: opens + 60 * MINUTE };
}

interface TTerms {
  pair: TPair;
  entryPrice: number;
  targetPrice: number;
  percentageReturn: number;
  minEntryAmount?: number;
}

async function createSignal(terms: TTerms): Promise<TSignal> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signal/create',
    headers: admin.headers,
    payload: {
      title: `${terms.pair} call`,
      description: 'A call on the pair',
      asset: terms.pair,
      entryPrice: terms.entryPrice,
      targetPrice: terms.targetPrice,
      percentageReturn: terms.percentageReturn,
      minEntryAmount: terms.minEntryAmount ?? 100,
      scheduleTime: new Date(Date.now() + 30 * MINUTE).toISOString(),
      closingTime: new Date(Date.now() + 90 * MINUTE).toISOString(),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TSignalAnswer>().signal;
}

/** A client with $1,000.00 who joins `signal` with `entry` dollars; answers the client and the trade id. */
async function joinWith(signal: TSignal, entry: number): Promise<{ client: TSignedIn; tradeId: string }> {
  const client = await signedInUser(app, 'Client');
  await fundClient(app, client.id, 100_000n);
  const res = await app.inject({
    method: 'POST',
    url: `/api/signal/${signal.id}/join`,
    headers: client.headers,
    payload: { entryAmount: entry },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client, tradeId: res.json<TSignalJoinAnswer>().trade.id };
}

async function historyRow(id: string) {
  const [row] = await app.db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

async function tradeRow(id: string) {
  const [row] = await app.db.select().from(signalTrades).where(eq(signalTrades.id, id));
  return row;
}

/** Minutes [from, to) of the window at `price` for both high and low (a flat path), as a path. */
function flat(opens: number, from: number, to: number, price: number): TPathMinute[] {
  return Array.from({ length: to - from }, (_, i) => ({
    minute: opens + (from + i) * MINUTE,
    high: price,
    low: price,
  }));
}

async function evidenceOf(id: string) {
  const res = await app.inject({ method: 'GET', url: `/api/signal/${id}/evidence`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSignalEvidenceAnswer>();
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('an up target (EUR/USD 1.08000 → 1.09000)', () => {
  const terms: TTerms = { pair: 'EUR/USD', entryPrice: 1.08, targetPrice: 1.09, percentageReturn: 12.5 };

  it('touched in the last minute before closing: a gain, entry back and the return paid', async () => {
    const signal = await createSignal(terms);
    const { client, tradeId } = await joinWith(signal, 250);
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 75_000n, trading: 25_000n, profit: 0n });
    expect(await historyRow(tradeId)).toMatchObject({
      type: 'Signal',
      status: 'Pending',
      amount: 25_000n,
      direction: 'out',
      asset: 'EUR/USD',
      pnl: null,
    });

    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    // Below the target for 59 minutes, then a high exactly at it in the window's last minute.
    await recordPricePath(app, 'EUR/USD', [
      ...flat(opens, 0, 59, 1.085),
      { minute: opens + 59 * MINUTE, high: 1.09, low: 1.0855 },
    ]);
    await app.jobs.runNow('signals');

    const row = await signalRow(app, signal.id);
    expect(row).toMatchObject({ status: 'completed', result: 'gain', settledBy: null });
    expect(row.evidence).toEqual({
      direction: 'up',
      extremePrice: 1.09,
      extremeTime: iso(opens + 59 * MINUTE),
      touchedAt: iso(opens + 59 * MINUTE),
      candles: 60,
      until: iso(closes),
      result: 'gain',
    });
    // $250.00 × 12.5% = $31.25.
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 100_000n, trading: 0n, profit: 3_125n });
    expect(await entriesOf(app, tradeId, 'payouts')).toBe(-3_125n);
    expect(await entriesOf(app, tradeId, 'trading_pnl')).toBe(0n);
    expect(await postingsOf(app, tradeId, 'signal.settle')).toBe(1);
    expect(await historyRow(tradeId)).toMatchObject({ status: 'Completed', amount: 25_000n, pnl: 3_125n });
    expect(await tradeRow(tradeId)).toMatchObject({ status: 'completed', result: 'gain', actualReturn: 3_125n });

    expect(await noticeOf(app, client.id, 'signalGain')).toMatchObject({
      params: { title: 'EUR/USD call', pair: 'EUR/USD', target: 1.09, entry: 250, profit: 31.25 },
      link: `/user/transaction/${tradeId}`,
      subject: 'Signal settled as a gain',
    });
    expect((await noticeOf(app, client.id, 'signalGain')).message).toContain('reached its target of 1.09000');

    // The client's own views.
    const mine = await app.inject({ method: 'GET', url: '/api/signal/my-trades', headers: client.headers });
    expect(mine.json().trades[0]).toMatchObject({
      id: tradeId,
      signalId: { id: signal.id, title: 'EUR/USD call', asset: 'EUR/USD' },
      entryAmount: 250,
      expectedReturn: 31.25,
      actualReturn: 31.25,
      status: 'completed',
      result: 'gain',
    });
    // Settled: the admin's evidence is the stored one, and settling again is refused.
    expect((await evidenceOf(signal.id)).evidence).toEqual(row.evidence);
    const again = await app.inject({
      method: 'PUT',
      url: `/api/signal/${signal.id}/result`,
      headers: admin.headers,
      payload: { result: 'gain' },
    });
    expectApiError(again, 409, 'CONFLICT', 'This signal has already been settled');
  });

  it('never touched: a loss once a live price arrives after closing; the entry goes to trading_pnl', async () => {
    const signal = await createSignal(terms);
    const { client, tradeId } = await joinWith(signal, 100.01);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'EUR/USD', [
      ...flat(opens, 0, 30, 1.081),
      { minute: opens + 30 * MINUTE, high: 1.08999, low: 1.0805 },
      ...flat(opens, 31, 60, 1.082),
    ]);
    priceArrives(app, 'EUR/USD', 1.0815);
    await app.jobs.runNow('signals');

    const row = await signalRow(app, signal.id);
    expect(row).toMatchObject({ status: 'completed', result: 'loss' });
    expect(row.evidence).toEqual({
      direction: 'up',
      extremePrice: 1.08999,
      extremeTime: iso(opens + 30 * MINUTE),
      touchedAt: null,
      candles: 60,
      until: iso(closes),
      result: 'loss',
    });
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 89_999n, trading: 0n, profit: 0n });
    expect(await entriesOf(app, tradeId, 'trading_pnl')).toBe(10_001n);
    expect(await entriesOf(app, tradeId, 'payouts')).toBe(0n);
    expect(await historyRow(tradeId)).toMatchObject({ status: 'Completed', amount: 10_001n, pnl: -10_001n });
    expect(await tradeRow(tradeId)).toMatchObject({ status: 'completed', result: 'loss', actualReturn: -10_001n });
    expect(await noticeOf(app, client.id, 'signalLoss')).toMatchObject({
      params: { pair: 'EUR/USD', target: 1.09, entry: 100.01 },
      link: `/user/transaction/${tradeId}`,
      subject: 'Signal settled as a loss',
    });
  });

  it('touched only before the schedule time and at the closing minute: a loss', async () => {
    const signal = await createSignal(terms);
    const { client } = await joinWith(signal, 100);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'EUR/USD', [
      { minute: opens - MINUTE, high: 1.095, low: 1.089 },
      ...flat(opens, 0, 60, 1.0849),
      { minute: closes, high: 1.1, low: 1.09 },
    ]);
    priceArrives(app, 'EUR/USD', 1.0849);
    await app.jobs.runNow('signals');

    const row = await signalRow(app, signal.id);
    expect(row).toMatchObject({ status: 'completed', result: 'loss' });
    expect(row.evidence).toMatchObject({
      extremePrice: 1.0849,
      extremeTime: iso(opens),
      touchedAt: null,
      candles: 60,
      result: 'loss',
    });
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 90_000n, trading: 0n, profit: 0n });
  });
});

describe('a down target (BTC/USD 65,000.00 → 64,000.00)', () => {
  const terms: TTerms = { pair: 'BTC/USD', entryPrice: 65_000, targetPrice: 64_000, percentageReturn: 7.3 };

  it('a low at the target is a gain; the evidence is the lowest low and its minute', async () => {
    const signal = await createSignal(terms);
    const one = await joinWith(signal, 333.33);
    const two = await joinWith(signal, 1_000);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'BTC/USD', [
      ...flat(opens, 0, 10, 64_500),
      { minute: opens + 10 * MINUTE, high: 64_400, low: 64_000 },
      { minute: opens + 20 * MINUTE, high: 64_100, low: 63_950.5 },
      ...flat(opens, 21, 60, 64_800),
    ]);
    await app.jobs.runNow('signals');

    expect((await signalRow(app, signal.id)).evidence).toEqual({
      direction: 'down',
      extremePrice: 63_950.5,
      extremeTime: iso(opens + 20 * MINUTE),
      touchedAt: iso(opens + 10 * MINUTE),
      candles: 51,
      until: iso(closes),
      result: 'gain',
    });
    // $333.33 × 7.3% = $24.33309 → $24.33; $1,000.00 × 7.3% = $73.00.
    expect(await signalBalancesOf(app, one.client.id)).toEqual({ balance: 100_000n, trading: 0n, profit: 2_433n });
    expect(await signalBalancesOf(app, two.client.id)).toEqual({ balance: 100_000n, trading: 0n, profit: 7_300n });
    expect(await historyRow(one.tradeId)).toMatchObject({ status: 'Completed', pnl: 2_433n });
  });

  it('lows that stay above the target: a loss', async () => {
    const signal = await createSignal(terms);
    const { client } = await joinWith(signal, 500);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'BTC/USD', [
      { minute: opens + 5 * MINUTE, high: 64_900, low: 64_000.01 },
      { minute: opens + 50 * MINUTE, high: 65_500, low: 64_700 },
    ]);
    priceArrives(app, 'BTC/USD', 64_900);
    await app.jobs.runNow('signals');
    expect((await signalRow(app, signal.id)).evidence).toMatchObject({
      direction: 'down',
      extremePrice: 64_000.01,
      extremeTime: iso(opens + 5 * MINUTE),
      touchedAt: null,
      candles: 2,
      result: 'loss',
    });
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 50_000n, trading: 0n, profit: 0n });
  });
});

describe('nothing settles on a stale price', () => {
  it('an untouched signal whose feed is stale at closing waits, then settles once a fresh price arrives', async () => {
    const signal = await createSignal({ pair: 'ETH/USD', entryPrice: 3_000, targetPrice: 3_300, percentageReturn: 5 });
    const { client, tradeId } = await joinWith(signal, 200);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'ETH/USD', flat(opens, 0, 60, 3_100));
    // The upstream dropped: the pair's price is stale.
    app.market.status(['ETH/USD'], false);
    expect(app.market.priceNow('ETH/USD')).toBeNull();
    await app.jobs.runNow('signals');

    // Closed, but no result: nothing moved.
    expect(await signalRow(app, signal.id)).toMatchObject({ status: 'completed', result: null, evidence: null });
    expect(await tradeRow(tradeId)).toMatchObject({ status: 'active', result: null });
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 80_000n, trading: 20_000n, profit: 0n });
    const { evidence } = await evidenceOf(signal.id);
    expect(evidence).toMatchObject({ extremePrice: 3_100, touchedAt: null, candles: 60, result: null });
    // The admin cannot decide it either (the candles may have a gap): 503, naming the pair.
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/signal/${signal.id}/result`,
      headers: admin.headers,
      payload: { result: 'loss' },
    });
    expectApiError(refused, 503, 'UPSTREAM_UNAVAILABLE');
    expect(refused.json().params).toEqual({ pair: 'ETH/USD' });
    // The signal list offers a completed signal lacking a result.
    const all = await app.inject({ method: 'GET', url: '/api/signal/all', headers: admin.headers });
    expect(all.json().signals.find((s: TSignal) => s.id === signal.id)).toMatchObject({
      status: 'completed',
      result: null,
      participants: 1,
      totalEntries: 200,
    });

    priceArrives(app, 'ETH/USD', 3_050);
    await app.jobs.runNow('signals');
    expect(await signalRow(app, signal.id)).toMatchObject({ status: 'completed', result: 'loss' });
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 80_000n, trading: 0n, profit: 0n });
    expect(await postingsOf(app, tradeId, 'signal.settle')).toBe(1);
  });

  it('a touch needs no fresh price: a stale feed does not hold back a gain', async () => {
    const signal = await createSignal({ pair: 'SOL/USD', entryPrice: 150, targetPrice: 160, percentageReturn: 10 });
    const { client } = await joinWith(signal, 100);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'SOL/USD', [{ minute: opens + 3 * MINUTE, high: 161, low: 155 }]);
    app.market.status(['SOL/USD'], false);
    await app.jobs.runNow('signals');
    expect(await signalRow(app, signal.id)).toMatchObject({ status: 'completed', result: 'gain' });
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 100_000n, trading: 0n, profit: 1_000n });
  });
});

describe("the admin's settle", () => {
  // Above the simulated GBP/USD (about 1.27), whose start-up price sits in the open window's candles.
  const terms: TTerms = { pair: 'GBP/USD', entryPrice: 1.3, targetPrice: 1.31, percentageReturn: 20 };

  it('settles an active signal early once its target was touched, exactly as the job would, audited', async () => {
    const signal = await createSignal(terms);
    const { client, tradeId } = await joinWith(signal, 150);
    // Opened 10 minutes ago, closes in 50: touched in its 2nd minute.
    const opens = minuteOf(Date.now()) - 10 * MINUTE;
    await moveSignalWindow(app, signal.id, opens, opens + 60 * MINUTE);
    await recordPricePath(app, 'GBP/USD', [{ minute: opens + MINUTE, high: 1.3112, low: 1.305 }]);
    await app.jobs.runNow('signals'); // activates it; too early for the job to settle it
    expect(await signalRow(app, signal.id)).toMatchObject({ status: 'active', result: null });

    const { evidence } = await evidenceOf(signal.id);
    expect(evidence).toMatchObject({ extremePrice: 1.3112, touchedAt: iso(opens + MINUTE), result: 'gain' });
    const wrong = await app.inject({
      method: 'PUT',
      url: `/api/signal/${signal.id}/result`,
      headers: admin.headers,
      payload: { result: 'loss' },
    });
    expectApiError(wrong, 409, 'CONFLICT', 'The prices say this signal is a gain; it cannot be settled otherwise');
    expect(wrong.json().params).toEqual({ result: 'gain' });

    const res = await app.inject({
      method: 'PUT',
      url: `/api/signal/${signal.id}/result`,
      headers: admin.headers,
      payload: { result: 'gain' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<TSignalAnswer>();
    expect(answer.message).toBe('Signal marked as gain');
    expect(answer.signal).toMatchObject({ status: 'completed', result: 'gain', evidence: { result: 'gain' } });
    expect(await signalRow(app, signal.id)).toMatchObject({ settledBy: admin.id });
    // $150.00 × 20% = $30.00.
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 100_000n, trading: 0n, profit: 3_000n });
    expect(await historyRow(tradeId)).toMatchObject({ status: 'Completed', pnl: 3_000n });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, signal.id), eq(auditLog.action, 'signal.settle')));
    expect(audit).toMatchObject({ action: 'signal.settle', actorId: admin.id });
    expect(audit?.after).toMatchObject({ result: 'gain', extremePrice: 1.3112, processed: 1 });
  });

  it('refuses a result the prices do not give yet: not touched and not closed', async () => {
    const signal = await createSignal(terms);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/signal/${signal.id}/result`,
      headers: admin.headers,
      payload: { result: 'loss' },
    });
    expectApiError(
      res,
      409,
      'CONFLICT',
      'The prices do not decide this signal yet: its target has not been reached and it has not closed',
    );
  });

  it('marks a closed, untouched signal as the loss it is; a gain is refused', async () => {
    const signal = await createSignal(terms);
    const { client } = await joinWith(signal, 100);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'GBP/USD', flat(opens, 0, 60, 1.3055));
    priceArrives(app, 'GBP/USD', 1.3055);
    const put = (result: 'gain' | 'loss') =>
      app.inject({
        method: 'PUT',
        url: `/api/signal/${signal.id}/result`,
        headers: admin.headers,
        payload: { result },
      });
    expectApiError(
      await put('gain'),
      409,
      'CONFLICT',
      'The prices say this signal is a loss; it cannot be settled otherwise',
    );
    const res = await put('loss');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Signal marked as loss');
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 90_000n, trading: 0n, profit: 0n });
  });

  it('settles once for a retried request with the same Idempotency-Key', async () => {
    const signal = await createSignal(terms);
    const { client, tradeId } = await joinWith(signal, 100);
    const { opens, closes } = nextWindow();
    await moveSignalWindow(app, signal.id, opens, closes);
    await recordPricePath(app, 'GBP/USD', [{ minute: opens + 59 * MINUTE, high: 1.31, low: 1.3 }]);
    // A price just received (and not yet written to the candles) when the request comes in.
    priceArrives(app, 'GBP/USD', 1.3);
    const put = () =>
      app.inject({
        method: 'PUT',
        url: `/api/signal/${signal.id}/result`,
        headers: { ...admin.headers, 'idempotency-key': `settle-${signal.id}` },
        payload: { result: 'gain' },
      });
    const first = await put();
    expect(first.statusCode, first.body).toBe(200);
    const second = await put();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await postingsOf(app, tradeId, 'signal.settle')).toBe(1);
    expect(await signalBalancesOf(app, client.id)).toEqual({ balance: 100_000n, trading: 0n, profit: 2_000n });
  });
});
