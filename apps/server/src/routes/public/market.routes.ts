import { getCandles, getQuotes, streamQuotes } from '@meridian/contracts/endpoints/market';
import type { FastifyPluginAsync } from 'fastify';
import { StreamHub } from '../../providers/market/stream-hub.ts';
import { route } from '../route.ts';

/** Public market data (the trading pairs of packages/contracts/src/pairs.ts): quotes, 1-minute candles and a live SSE stream. */
export const marketPublicRoutes: FastifyPluginAsync = async (app) => {
  const hub = new StreamHub(app.market, { maxPerIp: app.config.MARKET_STREAM_MAX_PER_IP });
  // Open streams would hold the server open: end them before it closes.
  app.addHook('preClose', async () => hub.close());

  route(app, getQuotes, (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.market.quoteList();
  });

  route(app, getCandles, (request) => app.market.candleList(request.query));

  /**
   * Every viewer shares the app's one upstream subscription (StreamHub). `?once=1` sends the opening
   * and ends the response: a stream never ends by itself, and callers that must see an answer finish
   * (the authorization matrix injects every route and waits for the response) use it instead of
   * special-casing the route in the tests.
   */
  route(app, streamQuotes, async (request, reply) => {
    const once = request.query.once === '1';
    if (!once) hub.assertAdmits(request.ip);
    reply.hijack();
    hub.serve(request.ip, reply.raw, { once });
  });
};
