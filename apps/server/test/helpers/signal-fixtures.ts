import type { TPair } from '@meridian/contracts/market';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../../src/config.ts';
import { marketCandles, signals } from '../../src/db/schema/trading.ts';
import { users } from '../../src/db/schema/users.ts';
import {
  insertSignal,
  type TNewSignal,
  type TSignalRow,
} from '../../src/modules/trading/signals/signals.repository.ts';
import { BALANCE_COLUMNS } from './payout-fixtures.ts';
import { fundOpenClients } from './withdrawal-fixtures.ts';

/**
 * Signals as preconditions: signals written straight into the database (a window in the past cannot
 * be created through the API, which wants it in the future), windows moved into the past after
 * clients joined, a recorded price path written into the stored candles as the feed would have, and
 * prices arriving through the market's own sink.
 */

/**
 * The app's settings for signal tests: no feed timer (prices arrive when a test sends them), no
 * made-up history, no timed job runs.
 */
export const SIGNALS_TEST_CONFIG = {
  MARKET_TICK_MS: 0,
  MARKET_HISTORY_MINUTES: 0,
  JOBS_INTERVAL_MS: 86_400_000,
} satisfies Partial<TConfig>;

export const MINUTE = 60_000;

/** The start of the minute `ms` falls in. */
export const minuteOf = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

/**
 * A signal straight in the database: by default an EUR/USD call up from 1.10000 to 1.20000 returning
 * 10%, minimum entry $1, pending, opening in an hour and closing an hour later.
 */
export async function insertFixtureSignal(app: FastifyInstance, values: Partial<TNewSignal> = {}): Promise<TSignalRow> {
  const opens = minuteOf(Date.now()) + 60 * MINUTE;
  return insertSignal(app.db, {
    title: 'Fixture signal',
    description: 'A signal made by the test fixtures',
    pair: 'EUR/USD',
    entryPrice: 1.1,
    targetPrice: 1.2,
    returnTenths: 100,
    minEntry: 100n,
    scheduleTime: new Date(opens),
    closingTime: new Date(opens + 60 * MINUTE),
    ...values,
  });
}

/** Moves a signal's window (as time passing would): opening and closing at these times, status kept. */
export async function moveSignalWindow(app: FastifyInstance, id: string, scheduleMs: number, closingMs: number) {
  await app.db
    .update(signals)
    .set({ scheduleTime: new Date(scheduleMs), closingTime: new Date(closingMs) })
    .where(eq(signals.id, id));
}

export async function signalRow(app: FastifyInstance, id: string): Promise<TSignalRow> {
  const [row] = await app.db.select().from(signals).where(eq(signals.id, id));
  if (!row) throw new Error(`no signal ${id}`);
  return row;
}

/** One recorded minute of a price path: its start, and the highest and lowest mid price in it. */
export interface TPathMinute {
  minute: number;
  high: number;
  low: number;
}

/** Writes a recorded price path into the stored 1-minute candles of `pair` (as the feed records them). */
export async function recordPricePath(app: FastifyInstance, pair: TPair, path: readonly TPathMinute[]) {
  if (path.length === 0) return;
  await app.db
    .insert(marketCandles)
    .values(
      path.map((m) => ({
        pair,
        minute: new Date(m.minute),
        open: m.low,
        high: m.high,
        low: m.low,
        close: m.high,
        ticks: 4,
        closeTime: new Date(m.minute + 59_000),
      })),
    )
    .onConflictDoNothing();
}

/** A price for `pair` arrives now (or at `time`), with bid = ask = `mid`. */
export function priceArrives(app: FastifyInstance, pair: TPair, mid: number, time = Date.now()): void {
  app.market.ticks([{ pair, bid: mid, ask: mid, time, source: 'simulated' }]);
}

/** A client's balance, trading and profit (cents): the three balances a signal trade moves. */
export async function signalBalancesOf(app: FastifyInstance, userId: string) {
  const { balance, trading, profit } = BALANCE_COLUMNS;
  const [row] = await app.db.select({ balance, trading, profit }).from(users).where(eq(users.id, userId));
  return row;
}

// --- the route table's signals ------------------------------------------------------------------

/**
 * The signals the route table's rows name: a pending one to join (fresh before each call of the join
 * row, so each caller joins one of their own), and closed ones whose recorded prices touched their
 * target, to read the evidence of and to settle as a gain (fresh before each call of the settle row).
 * Until a row's `prepare` runs, an id names no signal (the bad-input suite only needs a well-formed one).
 */
export const routeSignals = {
  toJoin: '6f3e9b74-0c6d-4b8e-9f4a-3d2c1b0a9f8e',
  withEvidence: '7a4f0c85-1d7e-4c9f-8a5b-4e3d2c1b0a9f',
  toSettle: '8b5a1d96-2e8f-4dab-9b6c-5f4e3d2c1b0a',
};

/** A pending signal to join (minimum $1), and every open client able to pay that much (a closed one takes no money). */
export async function placeJoinableSignal(app: FastifyInstance): Promise<void> {
  routeSignals.toJoin = (await insertFixtureSignal(app)).id;
  await fundOpenClients(app, 1_000n);
}

/**
 * An active signal that opened two days ago and closes tomorrow, whose recorded EUR/USD path reached
 * its 1.20000 target in its fifth minute: the prices say it is a gain already. (Still open, so the
 * job, which settles signals at their closing time, leaves it to the admin's call.)
 */
export async function placeTouchedSignal(app: FastifyInstance, slot: 'withEvidence' | 'toSettle'): Promise<void> {
  const opened = minuteOf(Date.now() - 2 * 24 * 60 * MINUTE);
  const signal = await insertFixtureSignal(app, {
    status: 'active',
    scheduleTime: new Date(opened),
    closingTime: new Date(minuteOf(Date.now()) + 24 * 60 * MINUTE),
  });
  await recordPricePath(app, 'EUR/USD', [
    { minute: opened, high: 1.15, low: 1.1 },
    { minute: opened + 4 * MINUTE, high: 1.25, low: 1.18 },
  ]);
  routeSignals[slot] = signal.id;
}
