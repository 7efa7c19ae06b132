import { ZApiError } from '@meridian/contracts/errors';
import {
  CANDLE_HISTORY_MINUTES,
  ZCandleList,
  ZCandleQuery,
  ZEventStream,
  ZQuoteList,
  ZStreamQuery,
} from '@meridian/contracts/market';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { StreamHub } from '../../providers/market/stream-hub.ts';

const tags = ['market'];

/** Public market data (spec 01 §9 pairs): quotes, 1-minute candles and a live SSE stream. */
export const marketRoutes: FastifyPluginAsyncZod<{ config: TConfig }> = async (app, { config }) => {
  const hub = new StreamHub(app.market, { maxPerIp: config.MARKET_STREAM_MAX_PER_IP });
  // Open streams would hold the server open: end them before it closes.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/market/quotes',
    {
      schema: {
        tags,
        summary: 'The latest bid/ask of every pair (source `simulated` = "Simulated market data")',
        response: { 200: ZQuoteList },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { quotes: app.market.quotes() };
    },
  );

  app.get(
    '/market/candles',
    {
      schema: {
        tags,
        summary: '1-minute candles of the mid price (?pair=BTC%2FUSD&from=&to=, Unix seconds or ISO; last 24 h kept)',
        querystring: ZCandleQuery,
        response: { 200: ZCandleList, 400: ZApiError },
      },
    },
    async (request) => {
      const { pair, from, to } = request.query;
      const toMs = to === undefined ? Date.now() : to * 1000;
      const fromMs = from === undefined ? toMs - CANDLE_HISTORY_MINUTES * 60_000 : from * 1000;
      return { pair, interval: '1m' as const, candles: app.market.candles(pair, fromMs, toMs) };
    },
  );

  /**
   * Server-Sent Events: `retry:`, a `snapshot` event with every quote, then a `quotes` event per
   * batch of ticks and a heartbeat comment every 15 s. Every viewer shares the app's one upstream
   * subscription (StreamHub). `?once=1` sends the opening and ends the response: a stream never
   * ends by itself, and callers that must see an answer finish (the authorization matrix injects every
   * route and waits for the response) use it instead of special-casing the route in the tests.
   */
  app.get(
    '/market/stream',
    {
      schema: {
        tags,
        summary: 'Live quotes as Server-Sent Events (text/event-stream); ?once=1 for the snapshot only',
        querystring: ZStreamQuery,
        produces: ['text/event-stream'],
        response: { 200: ZEventStream, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const once = request.query.once === '1';
      if (!once && !hub.admits(request.ip)) throw AppError.of('RATE_LIMITED', 'errors.rateLimited', 429);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Tells nginx-like proxies not to buffer the stream.
        'x-accel-buffering': 'no',
      });
      res.write(hub.opening());
      if (once) {
        res.end();
        return;
      }
      hub.add(request.ip, res);
    },
  );
};
