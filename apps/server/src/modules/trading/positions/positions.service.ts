import { randomUUID } from 'node:crypto';
import type { TAuditAction } from '@meridian/contracts/balances';
import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { type TPageQuery, totalPages } from '@meridian/contracts/pagination';
import {
  closingSide,
  commissionCents,
  openingSide,
  protectionProblems,
  spreadOf,
  stopOutPrice,
  type TPositionType,
  type TProtection,
} from '@meridian/contracts/position-terms';
import type {
  TPosition,
  TPositionList,
  ZOpenPositionInput,
  ZPositionProtectionInput,
} from '@meridian/contracts/positions';
import type { z } from 'zod';
import { afterCommit } from '../../../db/after-commit.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { postBatch, type TLeg, type TPosting, type TUserBalances } from '../../../ledger/ledger.ts';
import { AppError, forbidden } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { centsOf } from '../../../lib/money.ts';
import type { MarketData, TPriceNow } from '../../../providers/market/market-data.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { insertTransaction, insertTransactions } from '../../money/transactions/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { closePositions, closingPrice, type TCloseResult, type TExitPrice } from './closing.ts';
import type { ExitMonitor } from './exit-monitor.ts';
import { toApiPosition } from './positions.mapper.ts';
import {
  findPosition,
  insertPosition,
  insertPositions,
  openPositionRows,
  pagePositionRows,
  positionSummaryOf,
  setProtectionLevels,
  type TPositionRow,
} from './positions.repository.ts';

/**
 * Leveraged positions (docs/money.md, "Positions"). Opening moves the margin balance → trading at
 * the current price of its side (a buy at the ask, a sell at the bid) and charges the pair's
 * commission, if any; a position closes by the client, by an admin at market with a reason, at
 * its expiration (positions.job.ts), or when the price reaches its take-profit, stop-loss or
 * stop-out (exit-monitor.ts), every time through `closePositions` (closing.ts). Every decision uses
 * the price at the server's clock and stores it with its time; on a stale price nothing opens,
 * closes or changes its levels (503).
 */

/** What the service needs of the app: today's prices, the commissions and the stop-out index of this server. */
export interface TPositionDeps {
  market: Pick<MarketData, 'priceNow'>;
  /** The operator's commission per pair, in basis points of the exposure (COMMISSION_BPS). */
  commissionBps: Readonly<Record<TPair, number>>;
  exits: Pick<ExitMonitor, 'track' | 'forget'>;
  /** Where the client's email of a close goes. */
  mail: Mailer;
}

export const positionNotFound = () => new AppError('NOT_FOUND', 'errors.positionNotFound');
const positionClosed = () => new AppError('CONFLICT', 'errors.positionClosed');
const priceStale = (pair: string) => new AppError('UPSTREAM_UNAVAILABLE', 'errors.priceStale', { pair });

/** The prices a decision on `pair` uses now; a stale one refuses the decision. */
function freshPrice(deps: Pick<TPositionDeps, 'market'>, pair: TPair): TPriceNow {
  const price = deps.market.priceNow(pair);
  if (!price) throw priceStale(pair);
  return price;
}

/**
 * The postings that charge an opening's commission (docs/money.md, "Bid and ask"): from the balance
 * at market, from the trading account where a filled order held it with its margin. None when the
 * operator charges none.
 */
export function commissionPostings(
  charges: readonly { userId: string; id: string; commission: bigint; from: 'balance' | 'trading'; reason: string }[],
  actorId: (userId: string) => string | null,
): TPosting[] {
  return charges
    .filter((c) => c.commission > 0n)
    .map((c) => ({
      kind: 'position.commission',
      reason: c.reason,
      actorId: actorId(c.userId),
      ref: { type: 'transaction', id: c.id },
      legs: [
        { userId: c.userId, account: c.from, amount: -c.commission },
        { account: 'commissions', amount: c.commission },
      ] satisfies TLeg[],
    }));
}

/**
 * Refuses (422, on the field; the take-profit's first) a take-profit or stop-loss that does not suit
 * a `type` position at `price` with stop-out `stopOut` (position-terms.ts, `protectionProblems`): the
 * same values pass or fail as the price moves, so this is a refusal, not a malformed request.
 */
export function checkProtection(
  pair: TPair,
  type: TPositionType,
  price: number,
  stopOut: number | null,
  levels: TProtection,
) {
  const problems = protectionProblems(pair, type, price, stopOut, levels);
  if (problems.takeProfit) throw AppError.refused(problems.takeProfit, {}, { field: 'takeProfit' });
  if (problems.stopLoss) throw AppError.refused(problems.stopLoss, {}, { field: 'stopLoss' });
}

/**
 * Open New Position: the client's own, at the current price of its side (a buy at the ask, a sell at
 * the bid), with the take-profit and stop-loss the client chose (checked against the price a close
 * would take now). The margin (`amount`) moves balance → trading and the pair's commission balance →
 * commissions, together never more than the balance (422, checked by the ledger under the client's
 * lock), and the client's history gets a Pending Position record of the margin (same id as the
 * position).
 */
export async function openPosition(
  db: Db,
  deps: TPositionDeps,
  caller: TCaller,
  input: z.output<typeof ZOpenPositionInput>,
): Promise<TPosition> {
  if (input.userId !== caller.id) throw forbidden('errors.notOwnRecord');
  const pair = input.asset;
  const type: TPositionType = input.type;
  const { leverage, expiration } = input;
  const margin = centsOf(input.amount);
  const now = freshPrice(deps, pair);
  const entry = { price: now[openingSide(type)], time: now.time };
  const stopOut = stopOutPrice(pair, type, entry.price, leverage);
  const levels = { takeProfit: input.takeProfit ?? null, stopLoss: input.stopLoss ?? null };
  checkProtection(pair, type, now[closingSide(type)], stopOut, levels);
  const commission = commissionCents(margin, leverage, deps.commissionBps[pair]);
  const position = await db.transaction(async (tx) => {
    const id = randomUUID();
    const words = `${type === 'buy' ? 'Buy' : 'Sell'} position on ${pair} at 1:${leverage}`;
    // The ledger locks the client and refuses a margin (and commission) above the balance.
    const postings: TPosting[] = [
      {
        kind: 'position.open',
        reason: `${words} opened`,
        actorId: caller.id,
        ref: { type: 'transaction', id },
        legs: [
          { userId: caller.id, account: 'balance', amount: -margin },
          { userId: caller.id, account: 'trading', amount: margin },
        ],
      },
      ...commissionPostings(
        [{ userId: caller.id, id, commission, from: 'balance', reason: `Commission on the ${words}` }],
        () => caller.id,
      ),
    ];
    await postBatch(tx, postings).catch((err: unknown) => {
      throw err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS' ? err.onField('amount') : err;
    });
    return insertOpenPosition(tx, {
      id,
      userId: caller.id,
      pair,
      type,
      margin,
      leverage,
      expiration,
      entry,
      spread: spreadOf(pair, now),
      commission,
      ...levels,
    });
  });
  afterCommit(() => deps.exits.track(position));
  return toApiPosition(position);
}

/** The terms of a position to open: its side, margin (cents), leverage, expiration and levels. */
export interface TPositionTerms extends TProtection {
  id: string;
  userId: string;
  pair: TPair;
  type: TPositionType;
  margin: bigint;
  leverage: number;
  /** Minutes; null: no expiry. */
  expiration: number | null;
  /** The price it opens at (its side's), and when that price was received. */
  entry: TExitPrice;
  /** Ask − bid of that quote. */
  spread: number;
  /** The commission charged for it, in cents. */
  commission: bigint;
}

/**
 * Writes opened positions, in the caller's DB transaction, whose margins are already in the trading
 * account: each one's Pending Position history row of the margin (same id) and the position, its
 * stop-out worked out from its entry; one statement per table however many. Opening at market posts
 * the margin first; a filled pending order's was held since it was placed (docs/money.md, "Pending
 * orders").
 */
export async function insertOpenPositions(tx: Tx, terms: readonly TPositionTerms[]): Promise<TPositionRow[]> {
  if (terms.length === 0) return [];
  const now = new Date();
  await insertTransactions(
    tx,
    terms.map((t) => ({
      id: t.id,
      userId: t.userId,
      type: 'Position' as const,
      status: 'Pending' as const,
      amount: t.margin,
      direction: 'out' as const,
      asset: t.pair,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return insertPositions(
    tx,
    terms.map((t) => positionValues(t, now)),
  );
}

/** One position's row as opened now. */
function positionValues(terms: TPositionTerms, openedAt: Date) {
  return {
    id: terms.id,
    userId: terms.userId,
    pair: terms.pair,
    type: terms.type,
    margin: terms.margin,
    leverage: terms.leverage,
    expirationMinutes: terms.expiration,
    entryPrice: terms.entry.price,
    entryPriceTime: new Date(terms.entry.time),
    spread: terms.spread,
    commission: terms.commission,
    stopOutPrice: stopOutPrice(terms.pair, terms.type, terms.entry.price, terms.leverage),
    takeProfit: terms.takeProfit,
    stopLoss: terms.stopLoss,
    levelsSetAt: openedAt,
    expiresAt: terms.expiration === null ? null : new Date(openedAt.getTime() + terms.expiration * 60_000),
    createdAt: openedAt,
  };
}

/** One opened position, as `insertOpenPositions`; by way of the group commit when it runs in one. */
async function insertOpenPosition(tx: Tx, terms: TPositionTerms): Promise<TPositionRow> {
  const record = await insertTransaction(tx, {
    id: terms.id,
    userId: terms.userId,
    type: 'Position',
    status: 'Pending',
    amount: terms.margin,
    direction: 'out',
    asset: terms.pair,
  });
  return insertPosition(tx, positionValues(terms, record.createdAt));
}

/**
 * The client sets, changes or removes the take-profit and stop-loss of their own open position,
 * checked against the current price (a stale one refuses, 503); 409 once it has closed. This server's
 * exit index takes the new levels at once, the others at their next sync; a server still holding the
 * old ones closes nothing on them (closing checks the row).
 */
export async function setOwnProtection(
  db: Db,
  deps: TPositionDeps,
  caller: TCaller,
  id: string,
  input: z.output<typeof ZPositionProtectionInput>,
): Promise<TPosition> {
  const found = await findPosition(db, id);
  if (!found || found.userId !== caller.id) throw positionNotFound();
  if (found.status !== 'open') throw positionClosed();
  const pair = found.pair as TPair;
  const now = freshPrice(deps, pair);
  checkProtection(pair, found.type, now[closingSide(found.type)], found.stopOutPrice, input);
  const row = await db.transaction((tx) => setProtectionLevels(tx, id, input));
  if (!row) throw positionClosed();
  deps.exits.track(row);
  return toApiPosition(row);
}

/** The client closes their own open position now, at the current price. */
export async function closeOwnPosition(db: Db, deps: TPositionDeps, caller: TCaller, id: string): Promise<TPosition> {
  const found = await findPosition(db, id);
  // Another client's position is answered like one that does not exist.
  if (!found || found.userId !== caller.id) throw positionNotFound();
  const { closed } = await closeOne(db, deps, id, { reason: 'client', actorId: caller.id });
  return toApiPosition(closed);
}

/**
 * Close at market (the admin's replacement for Mark As Loss): closes an open position at the current
 * price with a reason the client reads in their notice; audited with the client's balances before
 * and after, in the same DB transaction.
 */
export async function closeAtMarket(
  db: Db,
  deps: TPositionDeps,
  actorId: string,
  id: string,
  reason: string,
): Promise<TPosition> {
  const found = await findPosition(db, id);
  if (!found) throw positionNotFound();
  const { closed } = await closeOne(db, deps, id, {
    reason: 'admin',
    actorId,
    note: reason,
    audit: async (tx, result, position) => {
      const balances = result.balances.get(position.userId);
      await recordAudit(tx, {
        actorId,
        action: 'position.close' satisfies TAuditAction,
        targetUserId: position.userId,
        entityType: 'transaction',
        entityId: position.id,
        before: { status: 'Pending', amount: fromCents(position.margin), ...inDollars(balances?.before) },
        after: { status: 'Completed', amount: fromCents(position.margin), ...inDollars(balances?.after) },
        reason,
      });
    },
  });
  return readPositionWithClient(db, closed.id);
}

function inDollars(b: TUserBalances | undefined) {
  if (!b) return {};
  return { balance: fromCents(b.balance), tradingBalance: fromCents(b.trading), profitBalance: fromCents(b.profit) };
}

/**
 * Closes one position by the client or an admin: refused on a stale price (503), and when it is no
 * longer open (409), including when a stop-out or another close got there first.
 */
async function closeOne(
  db: Db,
  deps: TPositionDeps,
  id: string,
  how: {
    reason: 'client' | 'admin';
    actorId: string;
    note?: string;
    /** Writes the audit entry, in the close's DB transaction. */
    audit?: (tx: Tx, result: TCloseResult, position: TPositionRow) => Promise<void>;
  },
) {
  const result = await db.transaction(async (tx) => {
    const closing = await closePositions(tx, {
      claim: { one: id },
      reason: how.reason,
      exitOf: (position) => closingPrice(position.type, freshPrice(deps, position.pair as TPair)),
      actorId: how.actorId,
      note: how.note ?? null,
      mail: deps.mail,
    });
    const closed = closing.closed[0];
    if (!closed) throw positionClosed();
    await how.audit?.(tx, closing, closed);
    return { ...closing, closed };
  });
  deps.exits.forget([id]);
  return result;
}

/**
 * One position's page: a client reads only their own (another client's is answered like one that does
 * not exist, 404); an admin reads any, with its client.
 */
export async function readPosition(db: Db, caller: TCaller, id: string): Promise<TPosition> {
  if (caller.type === 'Admin') return readPositionWithClient(db, id);
  const found = await findPosition(db, id);
  if (!found || found.userId !== caller.id) throw positionNotFound();
  return toApiPosition(found);
}

/** One position as the admin list shows it, with its client. */
async function readPositionWithClient(db: Db, id: string): Promise<TPosition> {
  const { rows } = await pagePositionRows(db, { id }, 1, 1);
  const view = rows[0];
  if (!view) throw positionNotFound();
  return toApiPosition(view.row, view.user);
}

/**
 * One page of positions: a client's own, newest first, with the summary cards' figures over all of
 * them; or (no `userId`) everyone's for Position Management, open first then newest, with each client.
 */
export async function pagePositions(db: Db, { page, limit }: TPageQuery, userId?: string): Promise<TPositionList> {
  const { rows, total } = await pagePositionRows(db, { userId }, page, limit);
  const list: TPositionList = {
    positions: rows.map((v) => toApiPosition(v.row, userId === undefined ? v.user : undefined)),
    totalPage: totalPages(total, limit),
  };
  if (userId === undefined) return list;
  const summary = await positionSummaryOf(db, userId);
  return {
    ...list,
    summary: {
      tradingPairs: summary.pairs,
      totalProfit: fromCents(summary.profit),
      totalLoss: fromCents(summary.loss),
      netPnl: fromCents(summary.profit - summary.loss),
      open: summary.open,
    },
  };
}

/**
 * A client's open positions with their margins (cents), oldest first: the account's equity values
 * them at the latest prices (docs/money.md, "Equity").
 */
export async function openPositionsOf(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; pair: TPair; type: TPositionType; margin: bigint; leverage: number; entryPrice: number }[]> {
  const rows = await openPositionRows(db, userId);
  return rows.map((row) => ({ ...row, pair: row.pair as TPair }));
}
