import type { TAuditAction } from '@meridian/contracts/balances';
import { formatUsd } from '@meridian/contracts/money';
import {
  signalExpectedReturnCents,
  type TSignal,
  type TSignalData,
  type TSignalEvidenceAnswer,
  type TSignalResult,
  type TSignalTrade,
} from '@meridian/contracts/signals';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { lockBalances, post } from '../../../ledger/ledger.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { TCaller } from '../../../lib/caller.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { centsOf } from '../../../lib/money.ts';
import { recordAudit } from '../../back-office/audit/index.ts';
import { insertTransaction } from '../../money/transactions/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { evidenceAt, isDecided, settleLockedSignal, type TSignalMarket } from './settlement.ts';
import { percentageReturnOf, toApiSignal, toApiSignalTrade } from './signals.mapper.ts';
import {
  findSignal,
  findTradeOf,
  insertSignal,
  insertTrade,
  lockSignal,
  openStakeCents,
  signalViews,
  type TSignalRow,
  tradesOf,
  tradeView,
} from './signals.repository.ts';

/**
 * Trading signals (docs/money.md, "Signals"; docs/deviations.md #10). An admin publishes a signal;
 * clients join it while it is pending (the entry moves balance → trading); it becomes active at its
 * schedule time and settles from the stored 1-minute candles: a gain when the pair's price touched
 * the target between the schedule and closing times, otherwise a loss. The job settles it at its
 * closing time (signals.job.ts); an admin may settle it with the result the prices give, and only
 * that one.
 */

export const signalNotFound = () => new AppError('NOT_FOUND', 'errors.signalNotFound');
const priceStale = (pair: string) => new AppError('UPSTREAM_UNAVAILABLE', 'errors.priceStale', { pair });

/** The signal unique index on (signal, client): a second join of the same client. */
const ONE_JOIN_PER_CLIENT = 'signal_trades_signal_user_key';

async function readSignal(db: Db, id: string, callerId?: string): Promise<TSignal> {
  const [view] = await signalViews(db, { id }, callerId);
  if (!view) throw signalNotFound();
  return toApiSignal(view, { withJoined: callerId !== undefined });
}

/**
 * Create Signal (admin): pending until its schedule time, which must be in the future (the schema
 * has already checked every field and that it closes after it opens). Audited.
 */
export async function createSignal(db: Db, actorId: string, input: TSignalData, now = new Date()): Promise<TSignal> {
  const scheduleTime = new Date(input.scheduleTime);
  if (scheduleTime.getTime() <= now.getTime()) throw AppError.field('scheduleTime', 'validation.scheduleInPast');
  const created = await db.transaction(async (tx) => {
    const row = await insertSignal(tx, {
      title: input.title,
      description: input.description,
      pair: input.asset,
      entryPrice: input.entryPrice,
      targetPrice: input.targetPrice,
      returnTenths: Math.round(input.percentageReturn * 10),
      minEntry: centsOf(input.minEntryAmount),
      scheduleTime,
      closingTime: new Date(input.closingTime),
      createdBy: actorId,
    });
    await recordAudit(tx, {
      actorId,
      action: 'signal.create' satisfies TAuditAction,
      entityType: 'signal',
      entityId: row.id,
      after: auditTermsOf(row),
    });
    return row;
  });
  return readSignal(db, created.id);
}

/** A signal's terms as its audit entry keeps them. */
function auditTermsOf(row: TSignalRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    asset: row.pair,
    entryPrice: row.entryPrice,
    targetPrice: row.targetPrice,
    percentageReturn: percentageReturnOf(row),
    minEntryAmount: formatUsd(row.minEntry),
    scheduleTime: row.scheduleTime.toISOString(),
    closingTime: row.closingTime.toISOString(),
  };
}

/** The client's list: signals still open at `now` (pending or active), soonest closing first. */
export async function listOpenSignals(db: Db, callerId: string, now = new Date()): Promise<TSignal[]> {
  const views = await signalViews(db, { openAt: now }, callerId);
  return views.map((view) => toApiSignal(view, { withJoined: true }));
}

/** The admin's list: every signal, newest first. */
export async function listAllSignals(db: Db): Promise<TSignal[]> {
  const views = await signalViews(db, {});
  return views.map((view) => toApiSignal(view, { withJoined: false }));
}

/**
 * What the stored candles say about a signal now: its settled evidence once it has a result,
 * otherwise a fresh reading (the admin looks at it before settling).
 */
export async function signalEvidenceOf(
  db: Db,
  market: TSignalMarket,
  id: string,
  now = new Date(),
): Promise<TSignalEvidenceAnswer> {
  const signal = await readSignal(db, id);
  if (signal.evidence) return { signal, evidence: signal.evidence };
  const row = await findSignal(db, id);
  if (!row) throw signalNotFound();
  return { signal, evidence: await evidenceAt(db, market, row, now) };
}

/**
 * Join a signal: only while it is pending (before its schedule time: once it has opened, a client
 * could join after the target was already touched), once per client, with an entry of at least the
 * signal's minimum and at most the account balance. The entry moves balance → trading; the client's
 * history gets a Pending Signal record of it (same id as the trade).
 */
export async function joinSignal(
  db: Db,
  caller: TCaller,
  signalId: string,
  entryAmount: number | string,
  now = new Date(),
): Promise<TSignalTrade> {
  const entry = centsOf(entryAmount);
  let tradeId: string;
  try {
    tradeId = await db.transaction(async (tx) => {
      const signal = await lockSignal(tx, signalId, 'share');
      if (!signal) throw signalNotFound();
      if (signal.status !== 'pending' || now.getTime() >= signal.scheduleTime.getTime()) {
        throw new AppError('CONFLICT', 'errors.signalJoinClosed');
      }
      const balances = await lockBalances(tx, [caller.id]);
      if (await findTradeOf(tx, signal.id, caller.id)) throw alreadyJoined();
      if (entry < signal.minEntry) {
        throw AppError.refused(
          'errors.signalEntryBelowMin',
          { min: formatUsd(signal.minEntry) },
          { field: 'entryAmount' },
        );
      }
      if ((balances.get(caller.id)?.balance ?? 0n) < entry) {
        throw new AppError('INSUFFICIENT_FUNDS', 'errors.insufficientBalance').onField('entryAmount');
      }
      const record = await insertTransaction(tx, {
        userId: caller.id,
        type: 'Signal',
        status: 'Pending',
        amount: entry,
        direction: 'out',
        asset: signal.pair,
      });
      await post(tx, {
        kind: 'signal.join',
        reason: `Joined signal "${signal.title}" on ${signal.pair}`,
        actorId: caller.id,
        ref: { type: 'transaction', id: record.id },
        legs: [
          { userId: caller.id, account: 'balance', amount: -entry },
          { userId: caller.id, account: 'trading', amount: entry },
        ],
      });
      const trade = await insertTrade(tx, {
        id: record.id,
        signalId: signal.id,
        userId: caller.id,
        entry,
        expectedReturn: signalExpectedReturnCents(entry, percentageReturnOf(signal)),
        createdAt: record.createdAt,
      });
      return trade.id;
    });
  } catch (err) {
    // Two joins of one client at once: the unique index stops the second.
    if (isUniqueViolation(err) === ONE_JOIN_PER_CLIENT) throw alreadyJoined();
    throw err;
  }
  const view = await tradeView(db, tradeId);
  if (!view) throw new Error(`signal trade ${tradeId} vanished`);
  return toApiSignalTrade(view.trade, view.signal);
}

const alreadyJoined = () => new AppError('CONFLICT', 'errors.signalAlreadyJoined');

/** My Signal Trades: the caller's joins, newest first. */
export async function myTrades(db: Db, callerId: string): Promise<TSignalTrade[]> {
  const rows = await tradesOf(db, callerId);
  return rows.map(({ trade, signal }) => toApiSignalTrade(trade, signal));
}

/**
 * The admin settles a signal with `result`, which must be what the stored prices say: the evidence is
 * read under the signal's lock and stored with the result. Refused (409) when the signal already has
 * a result, when the prices do not decide it yet (target not reached and not closed), or when they
 * decide the other result; 503 when it has closed untouched but the pair's feed is stale (a gap in
 * the candles could hide a touch). Settles exactly as the job does (settlement.ts), audited.
 */
export async function setSignalResult(
  db: Db,
  market: TSignalMarket,
  mail: Mailer,
  actorId: string,
  id: string,
  result: TSignalResult,
  now = new Date(),
): Promise<TSignal> {
  await db.transaction(async (tx) => {
    const signal = await lockSignal(tx, id, 'update');
    if (!signal) throw signalNotFound();
    if (signal.result !== null) throw new AppError('CONFLICT', 'errors.signalSettled');
    const evidence = await evidenceAt(tx, market, signal, now);
    if (!isDecided(evidence)) {
      if (now.getTime() >= signal.closingTime.getTime()) throw priceStale(signal.pair);
      throw new AppError('CONFLICT', 'errors.signalUndecided');
    }
    if (evidence.result !== result) {
      throw new AppError('CONFLICT', 'errors.signalResultContradicts', { result: evidence.result });
    }
    const settled = await settleLockedSignal(tx, signal, evidence, { actorId, now, mail });
    await recordAudit(tx, {
      actorId,
      action: 'signal.settle' satisfies TAuditAction,
      entityType: 'signal',
      entityId: signal.id,
      before: { title: signal.title, asset: signal.pair, result: null },
      after: {
        title: signal.title,
        asset: signal.pair,
        result,
        extremePrice: evidence.extremePrice,
        extremeTime: evidence.extremeTime,
        touchedAt: evidence.touchedAt,
        processed: settled.trades,
      },
    });
  });
  return readSignal(db, id);
}

/** Cents a client has in signals not settled yet: part of their equity (docs/money.md, "Equity"). */
export function openStakesOf(db: DbOrTx, userId: string): Promise<bigint> {
  return openStakeCents(db, userId);
}
