import { PAIR_DECIMALS, type TPair } from '@meridian/contracts/market';
import type { TLeverage, TPositionDuration, TPositionType } from '@meridian/contracts/position-terms';
import { type TPosition, ZOpenPositionInput } from '@meridian/contracts/positions';
import { type TSignalResult, ZSignalInput } from '@meridian/contracts/signals';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { transactions } from '../db/schema/money.ts';
import { positions, signals, signalTrades } from '../db/schema/trading.ts';
import type { TCaller } from '../lib/caller.ts';
import type { Mailer } from '../modules/platform/mail/index.ts';
import type { ExitMonitor, TPositionDeps } from '../modules/trading/positions/index.ts';
import {
  closeAtMarket,
  closeOwnPosition,
  expireDuePositions,
  openPosition,
} from '../modules/trading/positions/index.ts';
import { createSignal, joinSignal, runSignalSchedule } from '../modules/trading/signals/index.ts';
import { roundPrice } from '../providers/market/interface.ts';
import type { MarketData } from '../providers/market/market-data.ts';

/**
 * The demo's trading (docs/operations.md, "Demo data"): positions and signals made through the positions and
 * signals services at the prices of a running market, so every entry, exit and result is a real
 * (simulated) market price and every balance moves through the ledger. Only timestamps are moved
 * into the past with SQL, as the demo does for investment schedules: a position's expiration, to let
 * the positions job expire it, and a signal's window, which must open in the future when it is
 * created (so clients can join), to place it in the stored candle history.
 */

/** What the demo's trading needs of a running app: its market and the stop-out watch of the positions it opens. */
export interface TDemoTradingDeps {
  market: Pick<MarketData, 'priceNow' | 'candles' | 'candleList'>;
  commissionBps: TPositionDeps['commissionBps'];
  exits: Pick<ExitMonitor, 'track' | 'forget'>;
  mail: Mailer;
}

/** The pairs the demo trades. */
export const DEMO_TRADED_PAIRS = [
  'BTC/USD',
  'ETH/USD',
  'SOL/USD',
  'XRP/USD',
  'EUR/USD',
  'USD/JPY',
] as const satisfies readonly TPair[];

export interface TDemoClients {
  ada: TCaller;
  kenji: TCaller;
  lucia: TCaller;
  noah: TCaller;
}

export interface TDemoTradingSummary {
  positionsOpen: number;
  positionsClosed: number;
  signals: number;
  signalTrades: number;
  /** The result the stored candles gave the signal settled from history; null when there was too little history. */
  settledResult: TSignalResult | null;
}

const MINUTE = 60_000;
/** How long the demo waits for the market to move before closing its positions at whatever price it has. */
const PRICE_MOVE_TIMEOUT_MS = 60_000;
/**
 * The move (a fraction of the price) the demo waits for before closing: a few seconds of the walk,
 * enough for results of cents to a dollar that the next tick does not turn around.
 */
const PRICE_MOVE = 0.0003;
const minuteOf = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

/**
 * Waits until every pair of `pairs` has a fresh price (a feed connecting may take a moment); answers
 * the pairs still without one after `timeoutMs`.
 */
export async function pairsWithoutLivePrice(
  market: Pick<MarketData, 'priceNow'>,
  pairs: readonly TPair[],
  timeoutMs = 30_000,
): Promise<TPair[]> {
  const missing = () => pairs.filter((pair) => market.priceNow(pair) === null);
  await waitUntil(() => missing().length === 0, timeoutMs);
  return missing();
}

export async function seedDemoTrading(
  db: Db,
  adminId: string,
  deps: TDemoTradingDeps,
  clients: TDemoClients,
): Promise<TDemoTradingSummary> {
  const { ada, kenji, lucia, noah } = clients;
  const open = (
    client: TCaller,
    asset: TPair,
    type: TPositionType,
    leverage: TLeverage,
    amount: number,
    expiration: TPositionDuration,
  ) =>
    openPosition(
      db,
      deps,
      client,
      ZOpenPositionInput.parse({ asset, type, leverage, amount, expiration, userId: client.id }),
    );

  // Open positions on different pairs, sides and leverages, with expirations far enough away to look around.
  const stayOpen = [
    await open(ada, 'ETH/USD', 'buy', 5, 400, 10080),
    await open(kenji, 'EUR/USD', 'sell', 10, 600, 20160),
    await open(lucia, 'XRP/USD', 'buy', 1, 1_200, 43200),
    await open(lucia, 'USD/JPY', 'sell', 2, 500, 4320),
  ];

  // Positions that close, one in each way a person or the platform closes them. The first two are
  // opposite sides of one pair: once the price has moved away from both their entry prices, one
  // gains and the other loses, whichever way the market went.
  const byClient = await open(ada, 'BTC/USD', 'buy', 10, 300, 240);
  const byDesk = await open(noah, 'BTC/USD', 'sell', 5, 150, 1440);
  const toExpire = await open(kenji, 'SOL/USD', 'buy', 2, 250, 30);
  await waitUntil(
    () =>
      movedBeyond(deps, 'BTC/USD', [byClient.entryPrice, byDesk.entryPrice]) &&
      movedBeyond(deps, 'SOL/USD', [toExpire.entryPrice]),
    PRICE_MOVE_TIMEOUT_MS,
  );
  await closeOwnPosition(db, deps, ada, byClient.id);
  await closeAtMarket(
    db,
    deps,
    adminId,
    byDesk.id,
    'DEMO: closed by the trading desk ahead of a scheduled exchange maintenance window.',
  );
  await expireNow(db, deps, toExpire);

  // Signals: one still to open (clients joined), one open now, one whose window lies in the stored
  // candle history, settled by the signals job from those candles.
  let signalTradeCount = 0;
  const join = async (client: TCaller, signalId: string, amount: number) => {
    await joinSignal(db, client, signalId, amount);
    signalTradeCount += 1;
  };
  const now = Date.now();
  const btc = livePrice(deps, 'BTC/USD');
  const opensLater = minuteOf(now) + 3 * 60 * MINUTE;
  const pending = await createSignal(
    db,
    adminId,
    signalInput({
      pair: 'BTC/USD',
      title: 'DEMO: Bitcoin breakout',
      description: 'DEMO CONTENT: an example signal for looking around, not advice. Bitcoin may break higher.',
      entry: btc,
      move: 0.02,
      percentageReturn: 8.5,
      opens: opensLater,
      closes: opensLater + 24 * 60 * MINUTE,
    }),
  );
  await join(kenji, pending.id, 500);
  await join(ada, pending.id, 200);

  const openedRecently = minuteOf(now) - 20 * MINUTE;
  const active = await signalFromThePast(db, adminId, deps, {
    pair: 'ETH/USD',
    title: 'DEMO: Ether pullback',
    description: 'DEMO CONTENT: an example signal for looking around, not advice. Ether may pull back.',
    move: -0.04,
    percentageReturn: 12,
    opens: openedRecently,
    closes: openedRecently + 8 * 60 * MINUTE,
  });
  await join(lucia, active.id, 750);
  await moveSignalIntoThePast(db, active.id, active.shiftMinutes);

  // The settled signal's window: up to two hours of the stored EUR/USD candles, closed 5 minutes ago.
  const closed = minuteOf(now) - 5 * MINUTE;
  const history = await deps.market.candleList({
    pair: 'EUR/USD',
    from: (closed - 120 * MINUTE) / 1000,
    to: closed / 1000,
  });
  const firstMinute = history.candles[0] ? history.candles[0].time * 1000 : closed;
  let settled: string | null = null;
  if (closed - firstMinute >= 10 * MINUTE) {
    const signal = await signalFromThePast(db, adminId, deps, {
      pair: 'EUR/USD',
      title: 'DEMO: Euro rebound',
      description: 'DEMO CONTENT: an example signal for looking around, not advice. The euro may rebound.',
      move: 0.0006,
      percentageReturn: 5,
      opens: firstMinute,
      closes: closed,
    });
    await join(lucia, signal.id, 600);
    await join(ada, signal.id, 150);
    await moveSignalIntoThePast(db, signal.id, signal.shiftMinutes);
    settled = signal.id;
  }
  // The signals job's run: the recent signal becomes active and the closed one settles from the candles.
  await runSignalSchedule(db, deps.market, { mail: deps.mail, now: new Date() });

  const settledResult = settled ? ((await signalResultOf(db, settled)) ?? null) : null;
  return {
    positionsOpen: stayOpen.length,
    positionsClosed: 3,
    signals: settled ? 3 : 2,
    signalTrades: signalTradeCount,
    settledResult,
  };
}

/** The pair's current price is more than PRICE_MOVE away from every one of `prices`, on the same side of them all. */
function movedBeyond(deps: TDemoTradingDeps, pair: TPair, prices: number[]): boolean {
  const now = deps.market.priceNow(pair);
  if (now === null) return false;
  return now.mid < Math.min(...prices) * (1 - PRICE_MOVE) || now.mid > Math.max(...prices) * (1 + PRICE_MOVE);
}

/** The pair's current price in its decimals (a mid may carry one more). */
function livePrice(deps: TDemoTradingDeps, pair: TPair): number {
  const price = deps.market.priceNow(pair);
  if (!price) throw new Error(`No live price for ${pair}`);
  return roundPrice(price.mid, PAIR_DECIMALS[pair]);
}

/** The price of `pair` at the start of `minute`: its stored candle's open, or the current price when none is stored. */
async function priceAtMinute(deps: TDemoTradingDeps, pair: TPair, minute: number): Promise<number> {
  const { candles } = await deps.market.candleList({ pair, from: minute / 1000, to: minute / 1000 });
  const candle = candles.find((c) => c.time * 1000 === minute);
  return candle ? roundPrice(candle.open, PAIR_DECIMALS[pair]) : livePrice(deps, pair);
}

/**
 * The position's expiration moved to now (the only thing changed by hand), then closed as the
 * positions job closes expired positions, at the current price.
 */
async function expireNow(db: Db, deps: TDemoTradingDeps, position: TPosition): Promise<void> {
  const [moved] = await db
    .update(positions)
    .set({ expiresAt: sql`least(coalesce(${positions.expiresAt}, now()), now())` })
    .where(eq(positions.id, position.id))
    .returning({ expiresAt: positions.expiresAt });
  if (!moved) throw new Error(`position ${position.id} vanished`);
  // A millisecond past the stored expiration, which keeps microseconds a Date drops.
  const now = new Date(Math.max(Date.now(), (moved.expiresAt ?? new Date()).getTime() + 1));
  const expired = await expireDuePositions(db, deps.market, { mail: deps.mail, now });
  deps.exits.forget(expired);
}

interface TSignalTerms {
  pair: TPair;
  title: string;
  description: string;
  entry: number;
  /** The target, relative to the entry: 0.02 is 2% above it. */
  move: number;
  percentageReturn: number;
  opens: number;
  closes: number;
}

function signalInput(terms: TSignalTerms) {
  const decimals = PAIR_DECIMALS[terms.pair];
  return ZSignalInput.parse({
    title: terms.title,
    description: terms.description,
    asset: terms.pair,
    entryPrice: terms.entry,
    targetPrice: roundPrice(terms.entry * (1 + terms.move), decimals),
    percentageReturn: terms.percentageReturn,
    minEntryAmount: 100,
    scheduleTime: new Date(terms.opens).toISOString(),
    closingTime: new Date(terms.closes).toISOString(),
  });
}

/**
 * A signal whose window starts at `opens` (a past minute), entering at that minute's price. A new
 * signal must open in the future, so it is created with its window `shiftMinutes` later, for
 * clients to join while it is pending; `moveSignalIntoThePast` then puts it where it belongs.
 */
async function signalFromThePast(
  db: Db,
  adminId: string,
  deps: TDemoTradingDeps,
  terms: Omit<TSignalTerms, 'entry'>,
): Promise<{ id: string; shiftMinutes: number }> {
  const entry = await priceAtMinute(deps, terms.pair, terms.opens);
  const shiftMinutes = Math.floor((Date.now() - terms.opens) / MINUTE) + 2;
  const shift = shiftMinutes * MINUTE;
  const signal = await createSignal(
    db,
    adminId,
    signalInput({ ...terms, entry, opens: terms.opens + shift, closes: terms.closes + shift }),
  );
  return { id: signal.id, shiftMinutes };
}

/** As if the signal had been created, and joined, `minutes` earlier: its window, creation and joins move back. */
async function moveSignalIntoThePast(db: Db, signalId: string, minutes: number): Promise<void> {
  const shift = sql`make_interval(mins => ${minutes})`;
  await db.transaction(async (tx) => {
    await tx
      .update(signals)
      .set({
        scheduleTime: sql`${signals.scheduleTime} - ${shift}`,
        closingTime: sql`${signals.closingTime} - ${shift}`,
        createdAt: sql`${signals.createdAt} - ${shift}`,
      })
      .where(eq(signals.id, signalId));
    const trades = await tx
      .update(signalTrades)
      .set({ createdAt: sql`${signalTrades.createdAt} - ${shift}` })
      .where(eq(signalTrades.signalId, signalId))
      .returning({ id: signalTrades.id });
    if (trades.length === 0) return;
    await tx
      .update(transactions)
      .set({
        createdAt: sql`${transactions.createdAt} - ${shift}`,
        updatedAt: sql`${transactions.updatedAt} - ${shift}`,
      })
      .where(
        inArray(
          transactions.id,
          trades.map((t) => t.id),
        ),
      );
  });
}

async function signalResultOf(db: Db, signalId: string): Promise<TSignalResult | null | undefined> {
  const [row] = await db.select({ result: signals.result }).from(signals).where(eq(signals.id, signalId));
  return row?.result;
}

/** Resolves once `done()` holds, or after `timeoutMs` whatever it says. */
async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}
