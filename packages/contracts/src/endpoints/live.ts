import { COMMON_ERRORS, defineEndpoint } from '../endpoint.ts';
import { ZLiveChangeEvent, ZLiveReadyEvent, ZLiveStreamQuery } from '../live.ts';
import { LIVE_EVENTS } from '../live-terms.ts';

/** Live account updates of the signed-in user (docs/architecture.md, "Live account updates"). */
const tag = 'live';

/**
 * Server-Sent Events of the caller's own account: `retry:`, a `ready` event, then a `change` event
 * (`ZLiveChangeEvent`: topics only) whenever their balances, transactions, notifications or positions
 * change, and a heartbeat comment every 25 s. Authenticated with the bearer token (the web reads it
 * with fetch, not EventSource, so it can send the header); it ends when the session or the access
 * token does. At most `LIVE_STREAMS_PER_USER` open at once (429).
 */
export const streamLiveEvents = defineEndpoint({
  method: 'GET',
  path: '/live/events',
  tag,
  summary: "The caller's own account changes as Server-Sent Events (text/event-stream); ?once=1 for the opening only",
  query: ZLiveStreamQuery,
  produces: 'event-stream',
  events: { [LIVE_EVENTS.ready]: ZLiveReadyEvent, [LIVE_EVENTS.change]: ZLiveChangeEvent },
  errors: [...COMMON_ERRORS, 429],
});
