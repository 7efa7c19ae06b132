import type { z } from 'zod';
import type { TPermission } from './staff-terms.ts';

/**
 * One HTTP endpoint, defined once and used by both sides: the server registers its route from this
 * definition (validation, serialisation, OpenAPI), and the web calls it through a client typed by
 * it. Changing an endpoint on one side only therefore fails the type check or a test
 * (docs/architecture.md, "Endpoints").
 */
export interface TEndpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under `/api`, with Fastify-style `:name` parameters. */
  readonly path: `/${string}`;
  /** One line for the API docs. */
  readonly summary: string;
  /** The API docs' group. */
  readonly tag: string;
  readonly params?: z.ZodType<Record<string, string>, Record<string, string>>;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * How the body may be sent; the first is how the web app sends it. Forms of the product
   * specification are taken as multipart, JSON and urlencoded alike. Default `['json']`.
   */
  readonly encodings?: readonly TEncoding[];
  /** The answer's schema (JSON); absent when the answer is a file, a stream or text (`produces`). */
  readonly response?: z.ZodType;
  /** The status of a successful answer (default 200). */
  readonly status?: 200 | 201;
  /**
   * A non-JSON answer: an image, Server-Sent Events, plain text (the Prometheus metrics), or a file
   * to save (a statement as CSV or PDF, sent with Content-Disposition: attachment).
   */
  readonly produces?: 'image' | 'event-stream' | 'text' | 'file';
  /** Server-Sent Events (`produces: 'event-stream'`): the data of each event, by the event's name. */
  readonly events?: Readonly<Record<string, z.ZodType>>;
  /** The error statuses it can answer, each with the API's error shape (`ZApiError`). */
  readonly errors: readonly TErrorStatus[];
  /**
   * `'response'`: it also answers 503 with the response's own shape instead of the error shape. The
   * readiness check does: its answer names the part that failed (docs/operations.md, "Health").
   */
  readonly serviceUnavailable?: 'response';
  /** Moves money: takes an `Idempotency-Key` header, and a repeat answers the first answer. */
  readonly idempotent?: boolean;
  /**
   * What a staff member's role must allow (contracts/staff.ts): every admin-scope endpoint declares
   * it; a client-scope one does when staff may change a client's record through it. The server's
   * guards refuse a role without it; the back office hides what the role cannot do.
   */
  readonly permission?: TPermission;
}

export type TEncoding = 'json' | 'multipart' | 'urlencoded';
export type TErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 423 | 429 | 503;

/** Keeps the definition's literal types, so both sides see its exact schemas. */
export function defineEndpoint<const E extends TEndpoint>(endpoint: E): E {
  return endpoint;
}

/** The statuses almost every route can answer: bad input, no session, wrong caller. */
export const COMMON_ERRORS = [400, 401, 403] as const;

type Part<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller sends: `params`, `query` and `body`, each required when its schema has required fields. */
export type TEndpointInput<E extends TEndpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** What a caller receives: the parsed answer, or the file as a Blob. */
export type TEndpointOutput<E extends TEndpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : Blob;

/** What a server handler returns: anything the answer's schema accepts. */
export type TEndpointReply<E extends TEndpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;

/** The path with its parameters filled in, each URI-encoded. */
export function endpointPath(endpoint: TEndpoint, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
