import type { TQuote } from '@meridian/contracts/market';
import type { TPair } from '@meridian/contracts/pairs';
import type { TPosition } from '@meridian/contracts/positions';

/**
 * What a row of Position Management offers: Close at market while the position is open; once closed,
 * a disabled button that reads "Already Loss" when it closed with a loss and "Closed" otherwise.
 */
export type TPositionRowAction = 'close' | 'alreadyLoss' | 'closed';

export function positionRowAction(position: Pick<TPosition, 'status' | 'isLoss'>): TPositionRowAction {
  if (position.status === 'open') return 'close';
  return position.isLoss ? 'alreadyLoss' : 'closed';
}

/** The quote of `pair` among the live ones. */
export function quoteOf(quotes: readonly TQuote[], pair: TPair): TQuote | undefined {
  return quotes.find((quote) => quote.pair === pair);
}

/** A position's own page: the client's, or the admin's view of it from Position Management. */
export function positionPath(id: string, audience: 'client' | 'admin' = 'client'): string {
  return audience === 'client' ? `/user/positions/${id}` : `/admin/position-order/${id}`;
}
