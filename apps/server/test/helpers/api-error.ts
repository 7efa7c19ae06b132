import { type TApiError, ZApiError } from '@meridian/contracts/errors';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The answer is an API error `{ error, message, … }` with exactly this status, code and (if given) message. */
export function expectApiError(
  res: LightMyRequestResponse,
  status: number,
  error: TApiError['error'],
  message?: string,
): TApiError {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = ZApiError.parse(res.json());
  expect(body.error).toBe(error);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/**
 * Any refusal of bad input: a 4xx (never a 5xx) in the API's error shape, whose message is words a
 * person can read, not a code, a stack, an echo of the path or a dump of the request.
 */
export function expectClientError(res: LightMyRequestResponse, label = ''): TApiError {
  const context = `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, context).toBeLessThan(500);
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const parsed = ZApiError.safeParse(res.json());
  expect(parsed.success, context).toBe(true);
  const message = parsed.data?.message ?? '';
  expect(message, context).toMatch(/\p{L}{2,}.*\s.*\p{L}{2,}/u);
  expect(message, context).not.toMatch(/FST_|ERR_|\/api\/|[{}<>]|\bat \S+:\d+/);
  expect(message.length, context).toBeLessThan(300);
  expect(message, context).not.toBe(parsed.data?.error);
  return parsed.data as TApiError;
}
