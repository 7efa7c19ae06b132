import type { TAuthResponse } from '@meridian/contracts/auth';
import type { TApiError, TErrorCode } from '@meridian/contracts/errors';
import { session } from './session';

/** Every failed call becomes an ApiError carrying the server's code, message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode | 'NETWORK',
    message: string,
    readonly body: Partial<TApiError> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get fieldErrors(): Record<string, string> {
    return this.body.fieldErrors ?? {};
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data; empty values are left out (spec 01 §3). */
  form?: Record<string, string | Blob | undefined | null>;
  /** Send the bearer token and refresh once on 401/403 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header on money-moving calls (DESIGN §4): a repeat with the same key
   * returns the first answer and moves nothing. Make one per submission, e.g. `crypto.randomUUID()`.
   */
  idempotencyKey?: string;
  /** Read the answer as a Blob (a protected image) instead of JSON. */
  as?: 'json' | 'blob';
}

const BASE = '/api';

/** One refresh at a time: parallel 401s wait for the same refresh instead of racing the rotation. */
let refreshing: Promise<TAuthResponse | null> | null = null;

export function refreshSession(): Promise<TAuthResponse | null> {
  refreshing ??= (async () => {
    try {
      const auth = await send<TAuthResponse>('/refresh', { auth: false });
      session.set(auth);
      return auth;
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
 * Calls the API. With a token, a 401 or 403 triggers one refresh and one retry (spec 01 §7); if the
 * refresh fails the session ends and the original error is thrown.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const hadToken = useAuth && session.accessToken() !== null;
  try {
    return await send<T>(path, options);
  } catch (err) {
    if (!(err instanceof ApiError) || !hadToken || (err.status !== 401 && err.status !== 403)) throw err;
    const renewed = await refreshSession();
    if (!renewed) throw err;
    return send<T>(path, options);
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = (options.auth ?? true) ? session.accessToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.form)) {
      if (value !== undefined && value !== null && value !== '') form.append(key, value);
    }
    body = form;
  }
  if (options.as === 'blob') headers.accept = '*/*';
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (res.ok && options.as === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const errorBody = (data ?? {}) as Partial<TApiError>;
    throw new ApiError(res.status, errorBody.error ?? 'INTERNAL', errorBody.message ?? res.statusText, errorBody);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
