import type { TErrorCode, TMessageParams } from '@meridian/contracts/errors';
import { messageText, type TMessageKey } from '@meridian/contracts/messages';

/** Answer fields beside the message: the login lock's counters. */
export interface TErrorExtra {
  attemptsRemaining?: number;
  lockedUntil?: string;
}

/**
 * The one error a service throws on purpose: a code (what kind of failure), a shared message key
 * with its params (what to tell the person, in their language), and the HTTP status. The error
 * handler answers it as `{ error, key, params, message, … }`; with `field`, the message also belongs
 * to that field of the form (`fieldErrors`, `fieldKeys`).
 */
export class AppError extends Error {
  readonly field: string | undefined;
  readonly extra: TErrorExtra;

  constructor(
    readonly code: TErrorCode,
    readonly key: TMessageKey,
    readonly status: number,
    readonly params: TMessageParams = {},
    options: { field?: string; extra?: TErrorExtra } = {},
  ) {
    super(messageText(key, params));
    this.name = 'AppError';
    this.field = options.field;
    this.extra = options.extra ?? {};
  }

  /** A refused form field (400), shown beside that field. */
  static field(field: string, key: TMessageKey, params: TMessageParams = {}): AppError {
    return new AppError('VALIDATION', key, 400, params, { field });
  }

  /** The same failure, shown beside `field`. */
  onField(field: string): AppError {
    return new AppError(this.code, this.key, this.status, this.params, { field, extra: this.extra });
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'errors.notFound', 404);
export const forbidden = (key: TMessageKey = 'errors.forbidden') => new AppError('FORBIDDEN', key, 403);
export const unauthorized = (key: TMessageKey = 'errors.unauthorized') => new AppError('UNAUTHORIZED', key, 401);
