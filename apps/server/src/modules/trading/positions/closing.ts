import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { NOTICE_LINKS, type TNoticeKey } from '@meridian/contracts/notice-terms';
import {
  closingSide,
  positionPnlCents,
  type TCloseReason,
  type TPositionType,
} from '@meridian/contracts/position-terms';
import type { Tx } from '../../../db/client.ts';
import {
  balancesAfter,
  lockBalances,
  postBatch,
  type TLeg,
  type TPosting,
  type TUserBalances,
} from '../../../ledger/ledger.ts';
import type { TPriceNow } from '../../../providers/market/market-data.ts';
import { type TClientNotice, tellClients } from '../../back-office/messages/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import {
  claimExpiredPositions,
  claimOpenPosition,
  claimOpenPositions,
  markPositionsClosed,
  type TPositionClose,
  type TPositionRow,
} from './positions.repository.ts';

/**
 * Closing positions (docs/money.md, "Positions"): the one function every close goes through, whether
 * the client closes, an admin closes at market, the expiration comes, or the price reaches the
 * position's take-profit, stop-loss or stop-out.
 * In the caller's DB transaction it claims rows that are still open (a second close of the same
 * position finds nothing to claim), takes the exit price (the side a close takes: a buy's bid, a
 * sell's ask), computes the P&L in cents, posts it, marks
 * the positions closed, completes their history rows and tells each client, so a position closes
 * exactly once whatever runs at the same time, on this server or another.
 */

/** A price and when it was received (ms since the epoch). */
export interface TExitPrice {
  price: number;
  time: number;
}

/** The price a `type` position closes at on a fresh quote: a buy sells at the bid, a sell buys back at the ask. */
export function closingPrice(type: TPositionType, now: TPriceNow): TExitPrice {
  return { price: now[closingSide(type)], time: now.time };
}

/** Each position's closing price from the fresh quotes of its pair; null (left open) where its pair has none. */
export function closingPriceFrom(prices: ReadonlyMap<TPair, TPriceNow>) {
  return (position: TPositionRow): TExitPrice | null => {
    const now = prices.get(position.pair as TPair);
    return now ? closingPrice(position.type, now) : null;
  };
}

/** Which positions a close claims. */
export type TCloseClaim =
  /** One position, waiting for a close already under way (the client's Close, an admin's). */
  | { one: string }
  /** These positions, skipping rows another transaction holds (a price reached their levels). */
  | { ids: string[] }
  /** Open positions of `pairs` expired at `now`, up to `limit`, skipping held rows (the expiry job). */
  | { expiredAt: Date; pairs: readonly TPair[]; limit: number };

export interface TCloseRequest {
  claim: TCloseClaim;
  /** Why they close: the same for all, or each position's own (the level its price reached). */
  reason: TCloseReason | ((position: TPositionRow) => TCloseReason);
  /**
   * The exit price of a claimed position. Null leaves that position open (its price is stale); a
   * thrown error rolls the whole close back (a client asked to close on a stale price).
   */
  exitOf: (position: TPositionRow) => TExitPrice | null;
  /** Who closed: the client or the admin; null for the platform (expiry, a level reached). */
  actorId: string | null;
  /** The admin's reason for a Close at market, told to the client. */
  note?: string | null;
  /** Where the clients' emails go. */
  mail: Mailer;
  now?: Date;
}

export interface TCloseResult {
  /** The positions this call closed, as they now are. */
  closed: TPositionRow[];
  /** Each client's balances before and after the postings of this call. */
  balances: Map<string, { before: TUserBalances; after: TUserBalances }>;
}

async function claim(tx: Tx, target: TCloseClaim): Promise<TPositionRow[]> {
  if ('one' in target) return claimOpenPosition(tx, target.one);
  if ('ids' in target) return claimOpenPositions(tx, target.ids);
  return claimExpiredPositions(tx, target.expiredAt, target.pairs, target.limit);
}

export async function closePositions(tx: Tx, request: TCloseRequest): Promise<TCloseResult> {
  const claimed = await claim(tx, request.claim);
  const priced = claimed.flatMap((position) => {
    const exit = request.exitOf(position);
    return exit ? [{ position, exit }] : [];
  });
  if (priced.length === 0) return { closed: [], balances: new Map() };
  const now = request.now ?? new Date();

  const locked = await lockBalances(
    tx,
    priced.map((p) => p.position.userId),
  );
  const trading = new Map([...locked].map(([userId, b]) => [userId, b.trading]));
  const closes: TPositionClose[] = [];
  const postings: TPosting[] = [];
  const reasonOf = (position: TPositionRow) =>
    typeof request.reason === 'function' ? request.reason(position) : request.reason;
  for (const { position, exit } of priced) {
    const reason = reasonOf(position);
    const pnl = positionPnlCents({
      pair: position.pair as TPair,
      type: position.type,
      entryPrice: position.entryPrice,
      exitPrice: exit.price,
      marginCents: position.margin,
      leverage: position.leverage,
    });
    closes.push({ id: position.id, exitPrice: exit.price, exitPriceTime: new Date(exit.time), pnl, reason });
    const available = trading.get(position.userId) ?? 0n;
    const { legs, fromTrading } = settlementLegs(position.userId, position.margin, pnl, available);
    trading.set(position.userId, available - fromTrading);
    if (legs.some((leg) => leg.amount !== 0n)) {
      postings.push({
        kind: 'position.close',
        reason: `${sideWord(position.type)} position on ${position.pair} closed (${REASON_WORDS[reason]})`,
        actorId: request.actorId,
        ref: { type: 'transaction', id: position.id },
        legs,
      });
    }
  }
  await postBatch(tx, postings);
  const closed = await markPositionsClosed(tx, closes, {
    note: request.note ?? null,
    closedBy: request.actorId,
    closedAt: now,
  });
  await tellClients(
    tx,
    request.mail,
    closed.map((position) => closeNotice(position, position.closeReason === 'admin' ? request.actorId : null)),
  );
  return { closed, balances: balancesAfter(locked, postings) };
}

/**
 * The legs that settle one position (docs/money.md, "Flows"): a gain returns the margin
 * trading → balance and pays the gain trading_pnl → profit; a loss goes trading → trading_pnl and
 * the rest of the margin trading → balance. Only what the trading account holds leaves it (an
 * admin's Clear Balance may have emptied it since the position opened): the ledger never creates
 * money to make a margin whole. Answers the legs and how much they take from trading.
 */
export function settlementLegs(
  userId: string,
  margin: bigint,
  pnl: bigint,
  available: bigint,
): { legs: TLeg[]; fromTrading: bigint } {
  const min = (a: bigint, b: bigint) => (a < b ? a : b);
  if (pnl >= 0n) {
    const back = min(margin, available);
    return {
      legs: [
        { userId, account: 'trading', amount: -back },
        { userId, account: 'balance', amount: back },
        { account: 'trading_pnl', amount: -pnl },
        { userId, account: 'profit', amount: pnl },
      ],
      fromTrading: back,
    };
  }
  const lost = min(-pnl, available);
  const back = min(margin + pnl, available - lost);
  return {
    legs: [
      { userId, account: 'trading', amount: -(lost + back) },
      { account: 'trading_pnl', amount: lost },
      { userId, account: 'balance', amount: back },
    ],
    fromTrading: lost + back,
  };
}

// --- the client's notice ------------------------------------------------------------------------

const REASON_WORDS: Record<TCloseReason, string> = {
  expired: 'expired',
  stop_out: 'stop-out',
  client: 'closed by the client',
  admin: 'closed at market by the desk',
  take_profit: 'take-profit',
  stop_loss: 'stop-loss',
  margin_close_out: 'margin level below the close-out level',
};

const sideWord = (type: 'buy' | 'sell') => (type === 'buy' ? 'Buy' : 'Sell');

const NOTICE = {
  expired: 'positionExpired',
  stop_out: 'positionStoppedOut',
  client: 'positionClosed',
  admin: 'positionClosedByDesk',
  take_profit: 'positionTakeProfit',
  stop_loss: 'positionStopLoss',
  margin_close_out: 'positionClosedOut',
} as const satisfies Record<TCloseReason, TNoticeKey>;

/**
 * The notice a client gets for every close: the pair, the margin and leverage, why it closed, the
 * prices, the result and what of the margin came back, and for an admin's close the reason they gave.
 */
export function closeNotice(position: TPositionRow, senderId: string | null): TClientNotice {
  const reason = position.closeReason ?? 'expired';
  const pnl = position.pnl ?? 0n;
  const returned = position.margin + (pnl < 0n ? pnl : 0n);
  return {
    key: NOTICE[reason],
    params: {
      pair: position.pair,
      amount: fromCents(position.margin),
      leverage: position.leverage,
      entryPrice: position.entryPrice,
      exitPrice: position.exitPrice ?? position.entryPrice,
      pnl: fromCents(pnl),
      returned: fromCents(returned > 0n ? returned : 0n),
      ...(reason === 'admin' && position.closeNote ? { reason: position.closeNote } : {}),
    },
    link: NOTICE_LINKS.transaction(position.id),
    receiverId: position.userId,
    senderId,
  };
}
