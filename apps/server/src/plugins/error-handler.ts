import { ERROR_STATUS, type TApiError, type TErrorCode, type TMessageParams } from '@meridian/contracts/errors';
import { isMessageKey, messageText, type TMessageKey } from '@meridian/contracts/messages';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { outageWarning } from '../lib/redis-fallback.ts';

/**
 * What a 503 of an unreachable database tells the caller to wait before trying again: a restart or a
 * failover takes seconds, and a client that waits this long does not hammer a database coming back.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One place maps every failure to `{ error, key, params, message, fieldErrors?, fieldKeys? }`
 * (docs/architecture.md, "Errors"). Validation failures name the fields with the shared message keys
 * the schemas carry; Fastify's own 4xx (bad JSON, wrong content type, too large) keep their status
 * with a message of their own; a database out of reach is a 503 with `Retry-After` (the request may
 * succeed in a moment: docs/operations.md, "Health"); anything else is logged with the request and
 * answered as a generic 500.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // During an outage every request fails alike: one line every 10 s (with the count) instead of one each.
  const databaseDown = outageWarning(app.log, 'database unavailable: requests answered 503');
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: TApiError = { ...apiError(err.code, err.key, err.params), ...err.extra };
      if (err.field) {
        body.fieldErrors = { [err.field]: body.message };
        body.fieldKeys = { [err.field]: { key: err.key, params: err.params } };
      }
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err))
      return reply.status(ERROR_STATUS.VALIDATION).send(validationError(err.validation));
    if (isMalformedMultipart(err, request)) {
      return reply.status(ERROR_STATUS.BAD_REQUEST).send(apiError('BAD_REQUEST', 'errors.malformedForm'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(apiError(clientErrorCode(err, status), clientErrorKey(err, status)));
    }
    if (isDatabaseUnavailable(err)) {
      databaseDown(err);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .status(ERROR_STATUS.SERVICE_UNAVAILABLE)
        .send(apiError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable'));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(ERROR_STATUS.INTERNAL).send(apiError('INTERNAL', 'errors.generic'));
  });
});

/** An error answer naming a shared message. */
export function apiError(code: TErrorCode, key: TMessageKey, params: TMessageParams = {}): TApiError {
  return { error: code, key, params, message: messageText(key, params) };
}

type TValidationIssue = FastifySchemaValidationError & { message?: string };

/**
 * A refused body, query or path: every field with the message its schema gives (a shared key), or
 * "Invalid value" where the schema has none of ours; an unknown field is named as such.
 */
function validationError(issues: readonly TValidationIssue[]): TApiError {
  const keys: Record<string, TMessageKey> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    keys[field] ??= isMessageKey(issue.message) ? issue.message : 'validation.invalidValue';
  }
  const fields = Object.entries(keys);
  const unknown = issues.find((i) => i.keyword === 'unrecognized_keys');
  const body = unknown
    ? apiError('VALIDATION', 'errors.unexpectedField', { fields: unknownKeys(unknown.params) })
    : apiError('VALIDATION', fields[0]?.[1] ?? 'validation.invalidValue');
  return {
    ...body,
    fieldErrors: Object.fromEntries(fields.map(([field, key]) => [field, messageText(key)])),
    fieldKeys: Object.fromEntries(fields.map(([field, key]) => [field, { key, params: {} }])),
  };
}

/** The JSON 404 of the API; app.ts uses it for any path the web app does not serve. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  request.log.debug({ url: request.url }, 'no route');
  return reply.status(ERROR_STATUS.NOT_FOUND).send(apiError('NOT_FOUND', 'errors.notFound'));
}

/**
 * Fastify's router refuses a few URLs itself (bad percent-encoding, a path param over 100 characters)
 * before any hook runs, and by default answers in its own shape. Passed to Fastify as `frameworkErrors`,
 * this answers them like any other path that names nothing.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if ((err.statusCode ?? 500) >= 500) {
    request.log.error({ err }, 'router failed');
    return reply.status(ERROR_STATUS.INTERNAL).send(apiError('INTERNAL', 'errors.generic'));
  }
  request.log.debug({ url: request.url, code: err.code }, 'unroutable url');
  return reply.status(ERROR_STATUS.NOT_FOUND).send(apiError('NOT_FOUND', 'errors.notFound'));
}

/**
 * busboy (inside @fastify/multipart) reports a malformed multipart body (no or wrong boundary,
 * truncated data) as a plain Error without a status while the body is read; it is the sender's fault.
 */
function isMalformedMultipart(err: FastifyError, request: FastifyRequest): boolean {
  return err.statusCode === undefined && request.isMultipart() && /multipart|boundary|needle/i.test(err.message);
}

function unknownKeys(params: unknown): string {
  const keys = (params as { keys?: string[] } | undefined)?.keys;
  return keys?.join(', ') ?? 'unknown';
}

function clientErrorCode(err: FastifyError, status: number): TApiError['error'] {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return err.code === 'FST_ERR_VALIDATION' ? 'VALIDATION' : 'BAD_REQUEST';
}

function clientErrorKey(err: FastifyError, status: number): TMessageKey {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'errors.invalidJson';
  }
  // @fastify/multipart stops reading a file part at 10 MB; uploads here are images.
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return 'validation.imageTooLarge';
  if (status === 401) return 'errors.unauthorized';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.notFound';
  if (status === 413) return 'errors.payloadTooLarge';
  if (status === 415) return 'errors.unsupportedMediaType';
  if (status === 429) return 'errors.rateLimited';
  return 'errors.badRequest';
}
