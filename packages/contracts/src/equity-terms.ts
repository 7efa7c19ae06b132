import { marginLevel } from './margin-terms.ts';
import { fromCents, toCents } from './money.ts';
import type { TPair } from './pairs.ts';
import { type TPositionType, unrealisedPnl } from './position-terms.ts';

/**
 * Equity valued again at live prices (docs/money.md, "Equity"): the server's answer carries each
 * open position's terms and the result at the price it used; a page holding fresher quotes swaps
 * those results for the live ones, in cents. No schemas here: the dashboard's first render imports
 * it (docs/architecture.md, "Schema-free contracts").
 */

export interface TValuedPosition {
  asset: TPair;
  type: TPositionType;
  amount: number;
  leverage: number;
  entryPrice: number;
  /** When the price the server valued it at was received; null when it had none. */
  priceTime: string | null;
  unrealisedPnl: number;
}

export interface TEquityValuation {
  equity: number;
  unrealisedPnl: number;
  /** The margin level at these prices (margin-terms.ts); null with no open position. */
  marginLevel: number | null;
  /** Every open position is valued at a live price (true too when there is none). */
  live: boolean;
  /**
   * When not live: the time of the oldest price a position is valued at (null when a position has
   * no price at all yet and counts at its entry).
   */
  pricedAt: string | null;
}

/** Signed dollars (at most 2 decimals) to cents; toCents takes amounts, which are never negative. */
function signedCents(dollars: number): bigint {
  const cents = toCents(Math.abs(dollars));
  if (cents === null) throw new Error(`signedCents: ${dollars} is not an amount of dollars`);
  return dollars < 0 ? -cents : cents;
}

/**
 * The account's equity with each open position valued at its live quote where one is fresh, and at
 * the server's price otherwise.
 */
export function equityAtLivePrices(
  answer: {
    equity: number;
    unrealisedPnl: number;
    cash: number;
    margin: number;
    positions: readonly TValuedPosition[];
  },
  quotes: readonly { pair: TPair; bid: number; ask: number; stale: boolean }[],
): TEquityValuation {
  let pnl = 0n;
  let live = true;
  let pricedAt: string | null | undefined;
  for (const position of answer.positions) {
    const now = unrealisedPnl(
      position,
      quotes.find((quote) => quote.pair === position.asset),
    );
    if (now !== null) {
      pnl += signedCents(now);
      continue;
    }
    pnl += signedCents(position.unrealisedPnl);
    live = false;
    if (pricedAt === undefined || position.priceTime === null) pricedAt = position.priceTime;
    else if (pricedAt !== null && position.priceTime < pricedAt) pricedAt = position.priceTime;
  }
  const equity = signedCents(answer.equity) - signedCents(answer.unrealisedPnl) + pnl;
  const margin = signedCents(answer.margin);
  return {
    equity: fromCents(equity),
    unrealisedPnl: fromCents(pnl),
    marginLevel: marginLevel(signedCents(answer.cash) + margin + pnl, margin),
    live,
    pricedAt: live ? null : (pricedAt ?? null),
  };
}
