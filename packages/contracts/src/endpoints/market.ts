import { defineEndpoint } from '../endpoint.ts';
import {
  ZCandleList,
  ZCandleQuery,
  ZMarketQuotesEvent,
  ZMarketSnapshotEvent,
  ZQuoteList,
  ZStreamQuery,
} from '../market.ts';

/** Public market data: quotes, 1-minute candles and the live price stream. */
const tag = 'market';

export const getQuotes = defineEndpoint({
  method: 'GET',
  path: '/market/quotes',
  tag,
  summary: 'The latest bid/ask of every pair (source `simulated` = "Simulated market data")',
  response: ZQuoteList,
  errors: [],
});

export const getCandles = defineEndpoint({
  method: 'GET',
  path: '/market/candles',
  tag,
  summary: '1-minute candles of the mid price (?pair=BTC%2FUSD&from=&to=, Unix seconds or ISO; at most 24 h a request)',
  query: ZCandleQuery,
  response: ZCandleList,
  errors: [400],
});

/**
 * Server-Sent Events: `retry:`, a `snapshot` event with every quote, then a `quotes` event per batch
 * of ticks and a heartbeat comment every 15 s. The browser reads it with an EventSource, not `call`.
 */
export const streamQuotes = defineEndpoint({
  method: 'GET',
  path: '/market/stream',
  tag,
  summary: 'Live quotes as Server-Sent Events (text/event-stream); ?once=1 for the snapshot only',
  query: ZStreamQuery,
  produces: 'event-stream',
  events: { snapshot: ZMarketSnapshotEvent, quotes: ZMarketQuotesEvent },
  errors: [400, 429],
});
