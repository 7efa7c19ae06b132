import type { TPair } from '@meridian/contracts/market';
import { fromCents } from '@meridian/contracts/money';
import { type TSignal, type TSignalEvidence, type TSignalTrade, ZSignalEvidence } from '@meridian/contracts/signals';
import type { TSignalRow, TSignalTradeRow, TSignalView } from './signals.repository.ts';

/** The percent a signal returns, from its stored tenths. */
export const percentageReturnOf = (row: Pick<TSignalRow, 'returnTenths'>) => row.returnTenths / 10;

/** The evidence a signal was settled on, as stored (null until settled). */
export function storedEvidence(row: Pick<TSignalRow, 'evidence'>): TSignalEvidence | null {
  if (row.evidence === null) return null;
  const parsed = ZSignalEvidence.safeParse(row.evidence);
  return parsed.success ? parsed.data : null;
}

/** The only way a signal leaves the server; `joined` only in a client's answers. */
export function toApiSignal(view: TSignalView, options: { withJoined: boolean }): TSignal {
  const { row } = view;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    asset: row.pair as TPair,
    entryPrice: row.entryPrice,
    targetPrice: row.targetPrice,
    percentageReturn: percentageReturnOf(row),
    minEntryAmount: fromCents(row.minEntry),
    scheduleTime: row.scheduleTime.toISOString(),
    closingTime: row.closingTime.toISOString(),
    status: row.status,
    result: row.result,
    evidence: storedEvidence(row),
    settledAt: row.settledAt?.toISOString() ?? null,
    participants: view.participants,
    totalEntries: fromCents(view.totalEntries),
    ...(options.withJoined ? { joined: view.joined } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApiSignalTrade(
  trade: TSignalTradeRow,
  signal: { id: string; title: string; pair: string },
): TSignalTrade {
  return {
    id: trade.id,
    signalId: { id: signal.id, title: signal.title, asset: signal.pair as TPair },
    entryAmount: fromCents(trade.entry),
    expectedReturn: fromCents(trade.expectedReturn),
    actualReturn: trade.actualReturn === null ? 0 : fromCents(trade.actualReturn),
    status: trade.status,
    result: trade.result,
    createdAt: trade.createdAt.toISOString(),
    settledAt: trade.settledAt?.toISOString() ?? null,
  };
}
