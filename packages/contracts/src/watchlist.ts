import { z } from 'zod';
import type { TMessageKey } from './messages.ts';
import { MARKET_PAIRS, type TPair } from './pairs.ts';

/**
 * A client's watchlist: the pairs they follow on their dashboard, in their order, with the live bid,
 * ask and change beside each. Kept per client; a client who has not chosen yet sees
 * `DEFAULT_WATCHLIST`.
 */

export const DEFAULT_WATCHLIST: readonly TPair[] = ['BTC/USD', 'ETH/USD', 'EUR/USD'];

/** The whole list, in order: each of the pairs at most once (so at most all of them). */
export const ZWatchlist = z.strictObject({
  pairs: z
    .array(z.enum(MARKET_PAIRS, { error: 'validation.pairUnknown' satisfies TMessageKey }), {
      error: 'validation.invalidValue' satisfies TMessageKey,
    })
    .max(MARKET_PAIRS.length, { error: 'validation.watchlistDuplicate' satisfies TMessageKey })
    .refine((pairs) => new Set(pairs).size === pairs.length, {
      error: 'validation.watchlistDuplicate' satisfies TMessageKey,
    }),
});
export type TWatchlist = z.infer<typeof ZWatchlist>;
