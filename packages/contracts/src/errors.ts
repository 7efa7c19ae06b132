import { z } from 'zod';

/** Machine-readable error codes; the web maps them (and `message`) to words. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_LOCKED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** A service the platform depends on (the news provider) failed and there is nothing to fall back on. */
  'UPSTREAM_UNAVAILABLE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** Every error answer of the API has this shape. */
export const ZApiError = z.object({
  error: z.enum(ERROR_CODES),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** Login: attempts left before the account is locked. */
  attemptsRemaining: z.number().int().optional(),
  /** Login: ISO time until which the account is locked. */
  lockedUntil: z.string().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
