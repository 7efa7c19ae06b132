import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { withoutQuery } from '../lib/log-redaction.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What we take as a request id from our proxy: a short token that cannot break a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's `genReqId`: the proxy's `X-Request-Id` when the connection comes from a proxy we trust
 * (TRUST_PROXY) and it is a sane token, so one id follows a request through the proxy's log and
 * ours; otherwise a random UUID. Any other connection is the client's, who could make its requests
 * share an id with someone else's.
 */
export function requestIdGenerator(fromOurProxy: (req: IncomingMessage) => boolean): (req: IncomingMessage) => string {
  return (req) => {
    const given = fromOurProxy(req) ? req.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/** Told of every request once it has ended (the metrics time them: plugins/metrics.ts). */
export type TRequestCompleted = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Fastify's `logController` (app.ts), which Fastify tells of every request it receives and every
 * answer it finishes: each answer carries its request id (`X-Request-Id`), and each request logs
 * one line when it is answered, instead of Fastify's two:
 *
 *   { reqId, method, route, req: { url }, status, durationMs, ip, msg: 'request completed' }
 *
 * `route` is the pattern the request matched (null when none), `req.url` its path without the query
 * string, `ip` the client's address (`request.ip`: behind a proxy named in TRUST_PROXY, the
 * right-most X-Forwarded-For entry it did not write). No query string, header, token or body is
 * logged (docs/operations.md, "Logs").
 *
 * Why here and not in `onRequest`/`onResponse` hooks: Fastify tells the controller also of a request
 * its router refuses before any hook runs (a malformed URL), so that answer carries its id too.
 *
 * A stream (the price and account streams, answered past Fastify) usually ends when its reader
 * leaves: its connection closes before the answer finishes, and Fastify, which waits for the finish,
 * would never tell of it. So the controller also watches each connection's close, and logs such an
 * answer then, with its whole life as its duration.
 */
export class RequestLogController extends LogController {
  private readonly completed = new WeakSet<FastifyRequest>();
  private readonly listeners = new Set<TRequestCompleted>();

  /** Calls `listener` with every request once it has ended; returns what stops it. */
  onCompleted(listener: TRequestCompleted): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    // On the raw response, so an answer written past Fastify (the price stream) carries it too.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    reply.raw.once('close', () => {
      // `sent`: the answer was taken over (a stream) or ended. A request whose reader left while its
      // handler still ran is not logged here: Fastify finishes it, or it never had an answer.
      if (!reply.raw.writableFinished && reply.sent) this.requestCompleted(undefined, request, reply);
    });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.completed.has(request)) return;
    this.completed.add(request);
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      req: { url: withoutQuery(request.url) },
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      ip: request.ip,
    };
    // `error`: the connection failed while the answer was being written.
    if (error) request.log.error({ ...line, err: error }, 'request completed');
    else request.log.info(line, 'request completed');
    for (const listener of this.listeners) listener(request, reply);
  }
}
