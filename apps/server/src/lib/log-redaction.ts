import type { FastifyServerOptions } from 'fastify';
import type { TConfig } from '../config.ts';

/**
 * What the logs must never hold (docs/security.md, "Logs"): passwords and their hashes, tokens and
 * codes, uploaded image bytes, the Authorization and Cookie headers, query strings, and the values a
 * failed SQL statement was run with (drizzle's DrizzleQueryError carries them in `params` and in its
 * message; PostgreSQL's `detail` can quote the whole failing row).
 */
export const CENSOR = '[Redacted]';

/** Where log lines are written (pino's `stream`): anything with `write`. */
export interface TLogStream {
  write(line: string): void;
}

/** Field names redacted wherever they appear at the top of a log object or one level down. */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'hash',
  'tokenHash',
  'token_hash',
  'codeHash',
  'code_hash',
  'token',
  'accessToken',
  'refreshToken',
  'refresh_token',
  'tempCode',
  'temp_code',
  'image',
  'documentImage',
  'selfieImage',
  'bytes',
  'buffer',
  'params',
  'parameters',
  'authorization',
  'cookie',
] as const;

/** Database error fields that carry the values a statement ran with. */
const DB_ERROR_FIELDS = new Set(['params', 'parameters', 'query', 'detail', 'internalQuery']);

export const REDACT_PATHS: string[] = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
  // `code` is also the name of an error's code (SQLSTATE, FST_ERR_…), which stays readable on `err`.
  'code',
  'body.code',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  'req.query',
  'req.body',
  'err.query',
  'err.detail',
  // A url logged as a field of its own (the not-found and router-error lines) keeps only its path.
  'url',
];

/** What a redacted path becomes: a url its path, anything else `[Redacted]`. */
export function censor(value: unknown, path: string[]): unknown {
  return path.at(-1) === 'url' && typeof value === 'string' ? withoutQuery(value) : CENSOR;
}

/** The Fastify logger of the app: level from config, secrets redacted, optionally a stream (tests). */
export function loggerOptions(
  config: Pick<TConfig, 'LOG_LEVEL'>,
  stream?: TLogStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

interface TLoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the query string (tokens, emails, search terms) left out. */
export function serializeRequest(req: TLoggedRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: withoutQuery(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function withoutQuery(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

type TSerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * Like pino's error serializer (type, message, stack, own fields, causes), minus what a database error
 * carries of the data: `params`/`parameters`/`query`/`detail` are dropped and drizzle's
 * "params: …" line is cut from the message and the stack, at every level of the `cause` chain.
 */
export function serializeError(err: unknown): TSerializedError {
  return serializeErrorAt(err, new Set(), 0) as TSerializedError;
}

function serializeErrorAt(err: unknown, seen: Set<unknown>, depth: number): unknown {
  if (!isErrorLike(err)) return err;
  if (seen.has(err) || depth > 8) return { type: 'Error', message: '[Circular or too deep]', stack: '' };
  seen.add(err);
  const e = err as Error & Record<string, unknown>;
  const out: TSerializedError = {
    type: typeof e.constructor === 'function' && e.constructor.name ? e.constructor.name : e.name,
    message: scrubText(e.message, e),
    stack: scrubText(typeof e.stack === 'string' ? e.stack : '', e),
  };
  for (const key of Object.keys(e)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || DB_ERROR_FIELDS.has(key)) continue;
    const value = e[key];
    if (key === 'errors' && Array.isArray(value)) {
      out.aggregateErrors = value.map((inner) => serializeErrorAt(inner, seen, depth + 1));
    } else {
      out[key] = isErrorLike(value) ? serializeErrorAt(value, seen, depth + 1) : value;
    }
  }
  if (e.cause !== undefined) out.cause = serializeErrorAt(e.cause, seen, depth + 1);
  return out;
}

/** The message or stack without the statement's values drizzle appends ("\nparams: a,b,c"). */
function scrubText(text: string, err: Record<string, unknown>): string {
  let clean = text;
  for (const values of [err.params, err.parameters]) {
    if (Array.isArray(values)) clean = clean.split(`\nparams: ${String(values)}`).join('');
  }
  // Whatever is still shaped like that line (values not found verbatim): cut up to the stack frames.
  return clean.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '');
}

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string')
  );
}
