import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZWatchlist } from '../watchlist.ts';

/** The client's own watchlist of pairs (dashboard). */
const tag = 'market';

export const getWatchlist = defineEndpoint({
  method: 'GET',
  path: '/watchlist',
  tag,
  summary: 'The pairs the signed-in client watches, in their order (a default list until they choose)',
  response: ZWatchlist,
  errors: COMMON_ERRORS,
});

export const setWatchlist = defineEndpoint({
  method: 'PUT',
  path: '/watchlist',
  tag,
  summary: 'Replace the signed-in client’s watchlist: the pairs in their order, each at most once',
  body: ZWatchlist,
  response: ZWatchlist,
  errors: COMMON_ERRORS,
});
