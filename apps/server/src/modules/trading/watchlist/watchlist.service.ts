import { MARKET_PAIRS, type TPair } from '@meridian/contracts/market';
import { DEFAULT_WATCHLIST, type TWatchlist } from '@meridian/contracts/watchlist';
import type { DbOrTx } from '../../../db/client.ts';
import { findWatchlist, saveWatchlist } from './watchlist.repository.ts';

/**
 * A client's watchlist of pairs (contracts/watchlist.ts): the default until they choose, then their
 * pairs in their order. A pair the platform no longer quotes is left out of the answer.
 */
export async function watchlistOf(db: DbOrTx, userId: string): Promise<TWatchlist> {
  const stored = await findWatchlist(db, userId);
  if (!stored) return { pairs: [...DEFAULT_WATCHLIST] };
  const known = new Set<string>(MARKET_PAIRS);
  return { pairs: stored.filter((pair): pair is TPair => known.has(pair)) };
}

/** Replaces the client's watchlist (already checked by the contract: known pairs, each once). */
export async function setWatchlist(db: DbOrTx, userId: string, list: TWatchlist): Promise<TWatchlist> {
  await saveWatchlist(db, userId, list.pairs);
  return { pairs: [...list.pairs] };
}
