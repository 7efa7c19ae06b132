import type { TEncoding, TEndpoint, TEndpointReply } from '@meridian/contracts/endpoint';
import { ZApiError } from '@meridian/contracts/errors';
import { formNumbers } from '@meridian/contracts/form-body';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { runIdempotent } from '../plugins/idempotency.ts';
import { compiledSerializerCompiler } from './compiled-serializer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** For a route in group commit: tells the group committer this request's move has arrived, or never will. */
    moveArrived?: () => void;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler gets: params, query and body already validated by the endpoint's schemas. */
export type TRouteRequest<E extends TEndpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/** What `route()` hands a handler besides the request and the reply. */
export interface TRouteContext {
  /**
   * The database the handler works on: the app's, or for an idempotent request with a key the
   * transaction that also stores the key and the answer (docs/money.md, "Idempotency"), or for a
   * route in group commit (`batchBy`) its batch's transaction (docs/money.md, "Group commit"). An
   * idempotent route's handler passes this, never `app.db`, to its service (`routes/route.test.ts`
   * reads them).
   */
  db: Db;
}

/**
 * A handler returns the answer (checked against the endpoint's response schema); one that sends a
 * file or a stream (`produces`) answers through `reply` itself.
 */
export type TRouteHandler<E extends TEndpoint> = E['response'] extends z.ZodType
  ? (
      request: TRouteRequest<E>,
      reply: FastifyReply,
      context: TRouteContext,
    ) => Promise<TEndpointReply<E>> | TEndpointReply<E>
  : (request: TRouteRequest<E>, reply: FastifyReply, context: TRouteContext) => Promise<unknown>;

export interface TRouteOptions<E extends TEndpoint = TEndpoint> {
  /** Route settings read by plugins: rate limits, the callers a scope lets in. */
  config?: FastifyContextConfig;
  /**
   * A money move that runs in a group-commit batch (docs/money.md, "Group commit"): the clients it
   * is about, known from the request. Its handler must write its ledger posting, records, audit,
   * notices and key last (through their repositories, which defer them) and read nothing after.
   */
  batchBy?: (request: TRouteRequest<E>) => readonly string[];
  /**
   * The success answer is written by a serializer compiled from the response schema, not checked by
   * zod (compiled-serializer.ts): for the hot reads whose answer one mapper makes, each with a test
   * that both write the same bytes.
   */
  compiled?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (the authorization matrix reads it). */
    endpoint?: TEndpoint;
  }
}

const MEDIA_TYPES: Record<TEncoding, string> = {
  json: 'application/json',
  multipart: 'multipart/form-data',
  urlencoded: 'application/x-www-form-urlencoded',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PRODUCES = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  'event-stream': ['text/event-stream'],
  text: ['text/plain'],
  file: ['text/csv', 'application/pdf'],
};

/**
 * Registers one endpoint of `packages/contracts` on `app` (a route scope: public, client or admin,
 * whose guard applies to it): its path, schemas for validation and the API docs, its success status
 * and its error answers all come from the definition, so the route cannot drift from what the web
 * calls.
 */
export function route<E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: TRouteHandler<E>,
  options: TRouteOptions<E> = {},
): void {
  const errors: Record<number, z.ZodType> = Object.fromEntries(endpoint.errors.map((status) => [status, ZApiError]));
  // The readiness check answers 503 in its own shape, naming the part that failed.
  if (endpoint.serviceUnavailable === 'response' && endpoint.response) errors[503] = endpoint.response;
  const success = endpoint.status ?? 200;
  const accepted = new Set((endpoint.encodings ?? ['json']).map((e) => MEDIA_TYPES[e]));
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...options.config,
      endpoint,
      idempotent: endpoint.idempotent === true,
      batched: options.batchBy !== undefined,
    },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.body ? { consumes: (endpoint.encodings ?? ['json']).map((e) => MEDIA_TYPES[e]) } : {}),
      ...(endpoint.produces ? { produces: PRODUCES[endpoint.produces] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: endpoint.response ? { [success]: endpoint.response, ...errors } : errors,
    },
    ...(options.compiled && endpoint.response ? { serializerCompiler: compiledSerializerCompiler(success) } : {}),
    // A money move in group commit is announced as its request begins, so that the moves already
    // waiting wait for it too (`GroupCommit.expect`); whatever ends the request takes it back.
    ...(options.batchBy
      ? {
          onRequest: async (request: FastifyRequest) => {
            request.moveArrived = app.groupCommit.expect();
          },
          onResponse: async (request: FastifyRequest) => request.moveArrived?.(),
          onRequestAbort: async (request: FastifyRequest) => request.moveArrived?.(),
        }
      : {}),
    // A body arrives only in the encodings the contract names: a JSON-only route cannot be sent by an
    // HTML form on another site (which can only send urlencoded, multipart or text bodies).
    preValidation: async (request: FastifyRequest) => {
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (endpoint.body && type && !accepted.has(type)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMediaType');
      }
      // A form body's fields are text: the numbers the schema asks for are made numbers.
      if (endpoint.body && type !== undefined && type !== MEDIA_TYPES.json && isRecord(request.body)) {
        formNumbers(endpoint.body, request.body);
      }
    },
    // The one cast between the contract's types and Fastify's: the schemas above are what
    // validated `request`, and the response schema checks what the handler returns.
    handler: (async (request: FastifyRequest, reply: FastifyReply) => {
      if (success !== 200) reply.status(success);
      const batchUsers = options.batchBy?.(request as TRouteRequest<E>);
      request.moveArrived?.();
      return runIdempotent(
        app,
        request,
        reply,
        (db) => handler(request as TRouteRequest<E>, reply, { db }),
        batchUsers,
      );
    }) as RouteHandlerMethod,
  });
}
