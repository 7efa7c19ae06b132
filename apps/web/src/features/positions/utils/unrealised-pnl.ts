import type { TQuote } from '@meridian/contracts/market';
import { fromCents, toCents } from '@meridian/contracts/money';
import { positionPnlCents, type TPosition } from '@meridian/contracts/positions';

/**
 * What an open position would make if it closed now at the live mid price, in dollars: the server's
 * own formula (never below −margin). Null without a price, or with a stale one, which is not a
 * price anything could close at.
 */
export function unrealisedPnl(
  position: Pick<TPosition, 'asset' | 'type' | 'entryPrice' | 'amount' | 'leverage'>,
  quote: Pick<TQuote, 'mid' | 'stale'> | undefined,
): number | null {
  if (!quote || quote.stale) return null;
  const marginCents = toCents(position.amount);
  if (marginCents === null || position.entryPrice <= 0) return null;
  return fromCents(
    positionPnlCents({
      pair: position.asset,
      type: position.type,
      entryPrice: position.entryPrice,
      exitPrice: quote.mid,
      marginCents,
      leverage: position.leverage,
    }),
  );
}

/** A closed position's result in dollars: its profit, or minus its loss. */
export function realisedPnl(position: Pick<TPosition, 'profit' | 'loss' | 'isLoss'>): number {
  return position.isLoss ? -position.loss : position.profit;
}
