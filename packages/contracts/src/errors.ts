import { z } from 'zod';

/** Machine-readable error codes: what kind of failure, for code that reacts to it (retry, sign in again). */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  /** A withdrawal above the client's withdrawal limits (docs/money.md, "Withdrawal limits"). */
  'WITHDRAWAL_LIMIT',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_LOCKED',
  /** An admin whose session was not proven with a second factor or a passkey (docs/security.md). */
  'SECOND_FACTOR_REQUIRED',
  /** A client whose email address is not verified yet asked to move money (docs/security.md, "Email verification"). */
  'EMAIL_NOT_VERIFIED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** A service the platform depends on (the news provider) failed and there is nothing to fall back on. */
  'UPSTREAM_UNAVAILABLE',
  /** The platform's own database is out of reach for a moment: try again after `Retry-After` seconds. */
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/**
 * The HTTP status each code answers with: the one place it is decided, so a service names only the
 * code and the message. `VALIDATION` is a `400` (a field the schema or a rule refuses); the few
 * values that are well formed but refused against stored data answer `422` instead
 * (`VALIDATION_REFUSED_STATUS`, docs/architecture.md "Errors").
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 422,
  WITHDRAWAL_LIMIT: 422,
  IDEMPOTENCY_MISMATCH: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  ACCOUNT_LOCKED: 423,
  SECOND_FACTOR_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UPSTREAM_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<TErrorCode, number>;

/**
 * `VALIDATION`'s second status: the value has the right shape but what it names is refused by
 * stored data (a cursor this server did not issue, an address not in the book, an entry below the
 * signal's minimum, a statement period with too many movements). Clients already tell these apart
 * by status, so they keep it.
 */
export const VALIDATION_REFUSED_STATUS = 422;

/** The values a message's `{{name}}` placeholders are filled with. */
export const ZMessageParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type TMessageParams = z.infer<typeof ZMessageParams>;

/** A shared message (messages.ts) by key, with its values: what the web translates. */
export const ZMessageRef = z.object({ key: z.string(), params: ZMessageParams });
export type TMessageRef = z.infer<typeof ZMessageRef>;

/**
 * Every error answer of the API has this shape. `key` and `params` name the message, which the web
 * shows in the reader's language; `message` is its English text, for anyone reading the API
 * directly. A refused field appears in `fieldErrors` (English) and in `fieldKeys` (by key).
 */
export const ZApiError = z.object({
  error: z.enum(ERROR_CODES),
  key: z.string(),
  params: ZMessageParams,
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  fieldKeys: z.record(z.string(), ZMessageRef).optional(),
  /** Login: attempts left before the account is locked. */
  attemptsRemaining: z.number().int().optional(),
  /** Login: ISO time until which the account is locked. */
  lockedUntil: z.string().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
