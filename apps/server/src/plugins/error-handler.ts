import type { TApiError } from '@meridian/contracts/errors';
import { isMessageKey, messageText } from '@meridian/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const words = (message: string) => (isMessageKey(message) ? messageText(message) : message);

/**
 * One place maps every failure to `{ error, message, fieldErrors? }`. Validation failures name the
 * fields in the spec's words; Fastify's own 4xx (bad JSON, wrong content type, too large) keep their
 * status with a plain message; anything else is logged with the request and answered as a generic 500.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: TApiError = { error: err.code, message: err.message, ...err.extra };
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[field] ??= words(issue.message ?? 'Invalid value');
      }
      const unknown = err.validation.find((i) => i.keyword === 'unrecognized_keys');
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      const message = unknown ? `Unexpected field: ${unknownKeys(unknown.params)}` : first;
      const body: TApiError = { error: 'VALIDATION', message, fieldErrors };
      return reply.status(400).send(body);
    }
    if (isMalformedMultipart(err, request)) {
      const body: TApiError = { error: 'BAD_REQUEST', message: messageText('errors.malformedForm') };
      return reply.status(400).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: TApiError = { error: clientErrorCode(err, status), message: clientErrorMessage(err, status) };
      return reply.status(status).send(body);
    }
    request.log.error({ err }, 'request failed');
    const body: TApiError = { error: 'INTERNAL', message: messageText('errors.generic') };
    return reply.status(500).send(body);
  });
});

/** The JSON 404 of the API; app.ts uses it for any path the web app does not serve. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  request.log.debug({ url: request.url }, 'no route');
  const body: TApiError = { error: 'NOT_FOUND', message: messageText('errors.notFound') };
  return reply.status(404).send(body);
}

/**
 * Fastify's router refuses a few URLs itself (bad percent-encoding, a path param over 100 characters)
 * before any hook runs, and by default answers in its own shape. Passed to Fastify as `frameworkErrors`,
 * this answers them like any other path that names nothing.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if ((err.statusCode ?? 500) >= 500) {
    request.log.error({ err }, 'router failed');
    const body: TApiError = { error: 'INTERNAL', message: messageText('errors.generic') };
    return reply.status(500).send(body);
  }
  request.log.debug({ url: request.url, code: err.code }, 'unroutable url');
  const body: TApiError = { error: 'NOT_FOUND', message: messageText('errors.notFound') };
  return reply.status(404).send(body);
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

function clientErrorMessage(err: FastifyError, status: number): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return messageText('errors.invalidJson');
  }
  // @fastify/multipart stops reading a file part at 10 MB; uploads here are images.
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return messageText('validation.imageTooLarge');
  if (status === 413) return messageText('errors.payloadTooLarge');
  if (status === 415) return messageText('errors.unsupportedMediaType');
  if (status === 429) return messageText('errors.rateLimited');
  return err.message;
}
