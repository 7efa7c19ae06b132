import type { TAuthResponse } from '@meridian/contracts/auth';
import { endpointPath, type TEndpoint, type TEndpointInput, type TEndpointOutput } from '@meridian/contracts/endpoint';
import { refresh } from '@meridian/contracts/endpoints/auth';
import type { TApiError, TErrorCode, TMessageRef } from '@meridian/contracts/errors';
import type { z } from 'zod';
import { session } from './session';

/** Every failed call becomes an ApiError carrying the server's code, message key and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode | 'NETWORK',
    message: string,
    readonly body: Partial<TApiError> = {},
    /** A refusal's `Retry-After`, in ms: when to ask again (a 429, a 503). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message to show, by key (translated by `useApiErrorText`). */
  get messageRef(): TMessageRef | undefined {
    return this.body.key ? { key: this.body.key, params: this.body.params ?? {} } : undefined;
  }

  /** The refused fields, each with its message by key. */
  get fieldKeys(): Record<string, TMessageRef> {
    return this.body.fieldKeys ?? {};
  }
}

export interface TCallOptions {
  /** Send the bearer token and refresh once on 401/403 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header on money-moving calls (docs/money.md, "Idempotency"): a
   * repeat with the same key returns the first answer and moves nothing. Make one per submission
   * (lib/idempotency.ts).
   */
  idempotencyKey?: string;
}

type TCallArgs<E extends TEndpoint> =
  object extends TEndpointInput<E>
    ? [input?: TEndpointInput<E>, options?: TCallOptions]
    : [input: TEndpointInput<E>, options?: TCallOptions];

const BASE = '/api';

/**
 * Answers are checked against the endpoint's schema in development and tests, so a server that
 * drifts from the contract fails loudly there; the production build carries no schemas
 * (vite.config.ts) and trusts the server it was built with.
 */
const CHECK_ANSWERS = !import.meta.env.PROD;

declare global {
  interface Window {
    /** The refresh public/page-init.js started for a remembered session, until it is taken. */
    meridianSessionRestore?: Promise<Response>;
  }
}

/**
 * The session restore public/page-init.js started as the page loaded, if it did and nobody took it
 * yet: the answer to GET /refresh, or a network failure as an ApiError, like `send`.
 */
function takeEarlyRestore(): Promise<Response> | undefined {
  const early = window.meridianSessionRestore;
  if (!early) return undefined;
  window.meridianSessionRestore = undefined;
  return early.catch(() => {
    throw networkError();
  });
}

/** One refresh at a time: parallel 401s wait for the same refresh instead of racing the rotation. */
let refreshing: Promise<TAuthResponse | null> | null = null;

/** How long a refused refresh waits before asking again when the refusal names no time. */
const REFRESH_RETRY_MS = 5000;

/**
 * The session from the refresh cookie: a new access token, or null once the server says the sign-in
 * is over. A refresh refused for too many failed ones from this address (429) says nothing about
 * this sign-in, so it waits as long as the server asks and tries again, and never signs anyone out.
 */
export function refreshSession(): Promise<TAuthResponse | null> {
  refreshing ??= (async () => {
    try {
      const early = takeEarlyRestore();
      let answer = early ? receive(refresh, await early) : send(refresh, {}, { auth: false });
      for (;;) {
        try {
          const auth = await answer;
          session.set(auth);
          return auth;
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 429) throw err;
          await new Promise((resolve) => setTimeout(resolve, err.retryAfterMs ?? REFRESH_RETRY_MS));
          answer = send(refresh, {}, { auth: false });
        }
      }
    } catch {
      session.clear();
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Calls one endpoint of `packages/contracts`: the path, method, encoding and answer all come from
 * its definition. With a token, a 401 or 403 triggers one refresh and one retry; if the refresh
 * fails the session ends and the original error is thrown.
 */
export async function call<E extends TEndpoint>(
  endpoint: E,
  ...[input, options]: TCallArgs<E>
): Promise<TEndpointOutput<E>> {
  const opts = options ?? {};
  const useAuth = opts.auth ?? true;
  const hadToken = useAuth && session.accessToken() !== null;
  try {
    return await send(endpoint, input ?? {}, opts);
  } catch (err) {
    if (!(err instanceof ApiError) || !hadToken || (err.status !== 401 && err.status !== 403)) throw err;
    // The account, not the token, is refused: a new token would be refused the same.
    if (err.code === 'EMAIL_NOT_VERIFIED') throw err;
    const renewed = await refreshSession();
    if (!renewed) throw err;
    return send(endpoint, input ?? {}, opts);
  }
}

async function send<E extends TEndpoint>(
  endpoint: E,
  input: { params?: Record<string, string>; query?: unknown; body?: unknown },
  options: TCallOptions,
): Promise<TEndpointOutput<E>> {
  const headers: Record<string, string> = { accept: isBinary(endpoint) ? '*/*' : 'application/json' };
  const token = (options.auth ?? true) ? session.accessToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (input.body !== undefined) {
    if ((endpoint.encodings ?? ['json'])[0] === 'multipart') {
      body = formData(input.body as Record<string, unknown>);
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
  }
  let res: Response;
  try {
    res = await fetch(`${BASE}${endpointPath(endpoint, input.params)}${queryString(input.query)}`, {
      method: endpoint.method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  return receive(endpoint, res);
}

/** `endpoint`'s answer in `res`: its body, or the ApiError it carries. */
async function receive<E extends TEndpoint>(endpoint: E, res: Response): Promise<TEndpointOutput<E>> {
  if (res.ok && isBinary(endpoint)) return (await res.blob()) as TEndpointOutput<E>;
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const errorBody = (data ?? {}) as Partial<TApiError>;
    const retryAfter = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
    throw new ApiError(
      res.status,
      errorBody.error ?? 'INTERNAL',
      errorBody.message ?? res.statusText,
      errorBody,
      Number.isNaN(retryAfter) ? undefined : retryAfter * 1000,
    );
  }
  checkAgainst(endpoint, endpoint.response, data, 'answered');
  // The answer is what the endpoint's schema describes: checked above in development and tests.
  return data as TEndpointOutput<E>;
}

type TEventName<E extends TEndpoint> = keyof NonNullable<E['events']> & string;

/**
 * The data of a Server-Sent Event `name` of `endpoint`, as the endpoint's `events` describe it:
 * checked in development and tests like an answer, trusted in production (CHECK_ANSWERS).
 */
export function eventData<E extends TEndpoint, N extends TEventName<E>>(
  endpoint: E,
  name: N,
  data: unknown,
): z.output<NonNullable<E['events']>[N]> {
  checkAgainst(endpoint, endpoint.events?.[name], data, `sent a ${name} event`);
  return data as z.output<NonNullable<E['events']>[N]>;
}

/** Throws when `data` from `endpoint` is outside `schema`, in development and tests. */
function checkAgainst(endpoint: TEndpoint, schema: z.ZodType | undefined, data: unknown, what: string) {
  if (!CHECK_ANSWERS || !schema) return;
  const checked = schema.safeParse(data);
  if (!checked.success) {
    throw new Error(`${endpoint.method} ${endpoint.path} ${what} outside its contract: ${checked.error.message}`);
  }
}

/** A call that got no answer (offline, the server unreachable). */
const networkError = () => new ApiError(0, 'NETWORK', 'Network error');

/** Whether `endpoint` answers with a file rather than JSON. */
function isBinary(endpoint: TEndpoint): boolean {
  return endpoint.produces === 'image' || endpoint.produces === 'file';
}

/** A multipart body; empty values are left out, as an HTML form leaves out an empty optional field. */
function formData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}

function queryString(query: unknown): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
