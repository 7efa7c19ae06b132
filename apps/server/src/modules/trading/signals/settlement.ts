import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS } from '@meridian/contracts/notice-terms';
import type { TSignalEvidence, TSignalResult } from '@meridian/contracts/signals';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { lockBalances, postBatch, type TPosting } from '../../../ledger/ledger.ts';
import type { MarketData } from '../../../providers/market/market-data.ts';
import { type TClientNotice, tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { readCandles } from '../market/index.ts';
import { evidenceUntil, signalEvidence } from './evidence.ts';
import {
  completeTrades,
  lockActiveTrades,
  markSignalSettled,
  type TSignalRow,
  type TSignalTradeRow,
} from './signals.repository.ts';

/**
 * Settling a signal (docs/money.md, "Signals"): the one function the job and the admin's settle both
 * go through, inside a DB transaction that holds the signal row. It locks the signal's active trades
 * and their clients, posts every trade's money in one batch, completes the trades and their history
 * rows with the P&L, stores the result with its evidence on the signal and tells each client. The
 * signal row is claimed only while it has no result, so each signal, and each trade, settles once.
 */

/** What the market gives a decision: its current price (null when stale) and the candles it holds in memory. */
export type TSignalMarket = Pick<MarketData, 'priceNow' | 'candles'>;

export type TDecidedEvidence = TSignalEvidence & { result: TSignalResult };

export const isDecided = (evidence: TSignalEvidence): evidence is TDecidedEvidence => evidence.result !== null;

/**
 * The evidence of a signal at `now`: the stored candles (read on `db`, the settling transaction, so the
 * result and the evidence stored with it are the same reading), together with those this server
 * holds in memory and has not written yet (the candle recorder writes about once a second), so a
 * touch it has just received counts.
 */
export async function evidenceAt(
  db: DbOrTx,
  market: TSignalMarket,
  signal: TSignalRow,
  now: Date,
): Promise<TSignalEvidence> {
  const pair = signal.pair as TPair;
  const from = signal.scheduleTime.getTime();
  const until = evidenceUntil(signal, now).getTime();
  const stored = await readCandles(db, pair, from, until);
  const recent = until > from ? market.candles(pair, from, until - 1) : [];
  // A signal is judged on the mid, as its candles are.
  const live = market.priceNow(pair);
  return signalEvidence(signal, [...stored, ...recent], now, live && { price: live.mid, time: live.time });
}

export interface TSettled {
  signal: TSignalRow;
  /** The trades this settlement completed. */
  trades: number;
}

/**
 * Settles `signal` (locked by the caller, without a result) on `evidence`. Gain: each entry returns
 * trading → balance and the expected return is paid payouts → profit; loss: the entry goes trading →
 * trading_pnl. Only what a client's trading account holds leaves it (an admin's Clear Balance may
 * have emptied it since the join): the ledger never creates money to make an entry whole.
 */
export async function settleLockedSignal(
  tx: Tx,
  signal: TSignalRow,
  evidence: TDecidedEvidence,
  options: { actorId: string | null; now: Date; mail: Mailer },
): Promise<TSettled> {
  const { result } = evidence;
  const trades = await lockActiveTrades(tx, signal.id);
  const locked = await lockBalances(
    tx,
    trades.map((t) => t.userId),
  );
  const trading = new Map([...locked].map(([userId, balances]) => [userId, balances.trading]));
  const postings: TPosting[] = [];
  for (const trade of trades) {
    const available = trading.get(trade.userId) ?? 0n;
    const fromTrading = trade.entry < available ? trade.entry : available;
    trading.set(trade.userId, available - fromTrading);
    const posting = settlementPosting(signal, trade, result, fromTrading, options.actorId);
    if (posting.legs.some((leg) => leg.amount !== 0n)) postings.push(posting);
  }
  await postBatch(tx, postings);
  await completeTrades(
    tx,
    trades.map((trade) => ({ id: trade.id, actualReturn: actualReturnOf(trade, result) })),
    { result, settledAt: options.now },
  );
  const settled = await markSignalSettled(tx, signal.id, {
    result,
    evidence,
    settledAt: options.now,
    settledBy: options.actorId,
  });
  await tellClients(
    tx,
    options.mail,
    trades.map((trade) => settlementNotice(settled, trade, evidence, options.actorId)),
  );
  return { signal: settled, trades: trades.length };
}

/** Gain: the expected return; loss: minus the entry. */
export function actualReturnOf(trade: Pick<TSignalTradeRow, 'entry' | 'expectedReturn'>, result: TSignalResult) {
  return result === 'gain' ? trade.expectedReturn : -trade.entry;
}

function settlementPosting(
  signal: TSignalRow,
  trade: TSignalTradeRow,
  result: TSignalResult,
  fromTrading: bigint,
  actorId: string | null,
): TPosting {
  const legs: TPosting['legs'] =
    result === 'gain'
      ? [
          { userId: trade.userId, account: 'trading', amount: -fromTrading },
          { userId: trade.userId, account: 'balance', amount: fromTrading },
          { account: 'payouts', amount: -trade.expectedReturn },
          { userId: trade.userId, account: 'profit', amount: trade.expectedReturn },
        ]
      : [
          { userId: trade.userId, account: 'trading', amount: -fromTrading },
          { account: 'trading_pnl', amount: fromTrading },
        ];
  return {
    kind: 'signal.settle',
    reason: `Signal "${signal.title}" on ${signal.pair} settled as a ${result}`,
    actorId,
    ref: { type: 'transaction', id: trade.id },
    legs: legs.filter((leg) => leg.amount !== 0n),
  };
}

// --- the client's notice ------------------------------------------------------------------------

/**
 * The notice each client gets when a signal settles: the result, the target it rests on, and what
 * happened to their entry (the signal's page shows the price evidence).
 */
export function settlementNotice(
  signal: TSignalRow,
  trade: TSignalTradeRow,
  evidence: TDecidedEvidence,
  senderId: string | null,
): TClientNotice {
  const common = { title: signal.title, pair: signal.pair, target: signal.targetPrice, entry: fromCents(trade.entry) };
  const told = { link: NOTICE_LINKS.transaction(trade.id), receiverId: trade.userId, senderId };
  return evidence.result === 'gain'
    ? { ...told, key: 'signalGain', params: { ...common, profit: fromCents(trade.expectedReturn) } }
    : { ...told, key: 'signalLoss', params: common };
}
