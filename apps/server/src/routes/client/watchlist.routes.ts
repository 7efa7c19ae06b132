import { getWatchlist, setWatchlist } from '@meridian/contracts/endpoints/watchlist';
import type { FastifyPluginAsync } from 'fastify';
import * as watchlist from '../../modules/trading/watchlist/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';

/** The client's own watchlist of pairs, shown on their dashboard. */
export const watchlistClientRoutes: FastifyPluginAsync = async (app) => {
  route(app, getWatchlist, (request) => watchlist.watchlistOf(app.db, callerOf(request).id), {
    config: { callers: ['Client'] },
  });
  route(app, setWatchlist, (request) => watchlist.setWatchlist(app.db, callerOf(request).id, request.body), {
    config: { callers: ['Client'] },
  });
};
