import { closingSide, openingSide, type TPositionType } from '@meridian/contracts/position-terms';

/** What these need of a live quote (`TQuote`, or the account header's narrower one). */
type TSidedQuote = { bid: number; ask: number; stale: boolean };

/**
 * The live price a `type` position opens at, and a pending order of that side watches and fills on:
 * a buy's ask, a sell's bid (contracts' `openingSide`). Null without a fresh quote: nothing opens on a
 * stale price.
 */
export function openingPrice(type: TPositionType, quote: TSidedQuote | undefined): number | null {
  return quote && !quote.stale ? quote[openingSide(type)] : null;
}

/**
 * The live price a `type` position would close at now, which its result, take-profit, stop-loss and
 * stop-out are measured against: a buy's bid, a sell's ask (contracts' `closingSide`). Null without a
 * fresh quote.
 */
export function closingPrice(type: TPositionType, quote: TSidedQuote | undefined): number | null {
  return quote && !quote.stale ? quote[closingSide(type)] : null;
}
