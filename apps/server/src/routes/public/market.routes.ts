import { getCandles, getQuotes, streamQuotes } from '@meridian/contracts/endpoints/market';
import type { FastifyPluginAsync } from 'fastify';
import { RedisStreamSlots } from '../../lib/redis-stream-slots.ts';
import { LocalStreamSlots } from '../../lib/stream-slots.ts';
import { StreamHub } from '../../providers/market/stream-hub.ts';
import { route } from '../route.ts';

/** Public market data (the trading pairs of packages/contracts/src/pairs.ts): quotes, 1-minute candles and a live SSE stream. */
export const marketPublicRoutes: FastifyPluginAsync = async (app) => {
  const { MARKET_STREAM_MAX_PER_IP: maxPerIp, REDIS_KEY_PREFIX } = app.config;
  // With REDIS_URL an IP's streams count on every server sharing it (docs/security.md).
  const slots = app.redis
    ? new RedisStreamSlots(app.redis, { maxPerIp, prefix: `${REDIS_KEY_PREFIX}market-stream:`, log: app.log })
    : new LocalStreamSlots(maxPerIp);
  const hub = new StreamHub(app.market, { slots });
  app.metrics?.watchStreams('prices', () => hub.size);
  // Open streams would hold the server open: end them, and give their slots back, before it closes
  // (preClose: Redis closes later, on close).
  app.addHook('preClose', () => hub.close());

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
    if (request.query.once === '1') {
      reply.hijack();
      hub.serveSnapshot(reply.raw);
      return;
    }
    const ticket = await hub.admit(request.ip);
    reply.hijack();
    hub.serve(ticket, reply.raw);
  });
};
