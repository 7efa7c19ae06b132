import { streamLiveEvents } from '@meridian/contracts/endpoints/live';
import { LIVE_STREAMS_PER_USER } from '@meridian/contracts/live-terms';
import type { FastifyPluginAsync } from 'fastify';
import { decodeJwt } from 'jose';
import { RedisStreamSlots } from '../../lib/redis-stream-slots.ts';
import { LocalStreamSlots } from '../../lib/stream-slots.ts';
import { LiveStreams } from '../../modules/platform/live/index.ts';
import { callerOf } from '../../plugins/auth.ts';
import { route } from '../route.ts';
import type { TRouteDeps } from '../route-deps.ts';

/**
 * The signed-in caller's live account updates (docs/architecture.md, "Live account updates"): one
 * SSE stream per tab, carrying the caller's own changes only (an admin's carries the admin's own).
 */
export const liveClientRoutes: FastifyPluginAsync<TRouteDeps> = async (app, { auth }) => {
  const { REDIS_KEY_PREFIX, LIVE_HEARTBEAT_SECONDS } = app.config;
  // With REDIS_URL a user's streams count on every server sharing it, like the market stream's per-IP cap.
  const slots = app.redis
    ? new RedisStreamSlots(app.redis, {
        maxPerIp: LIVE_STREAMS_PER_USER,
        prefix: `${REDIS_KEY_PREFIX}live-stream:`,
        log: app.log,
      })
    : new LocalStreamSlots(LIVE_STREAMS_PER_USER);
  const streams = new LiveStreams(app.live, auth, { heartbeatMs: LIVE_HEARTBEAT_SECONDS * 1000, slots });
  app.metrics?.watchStreams('account', () => streams.size);
  // Open streams would hold the server open: end them before it closes (Redis closes later, on close).
  app.addHook('preClose', () => streams.close());

  /** `?once=1` sends the opening and ends (the authorization matrix waits for every answer to finish). */
  route(app, streamLiveEvents, async (request, reply) => {
    const caller = callerOf(request);
    if (request.query.once === '1') {
      reply.hijack();
      streams.serveOpening(reply.raw);
      return;
    }
    // The guard has verified this bearer token: its expiry is when the stream ends.
    const bearer = (request.headers.authorization ?? '').slice('Bearer '.length).trim();
    const expiresAtMs = (decodeJwt(bearer).exp ?? 0) * 1000;
    const ticket = await streams.admit(caller.id);
    reply.hijack();
    streams.serve(ticket, caller, bearer, expiresAtMs, reply.raw);
  });
};
