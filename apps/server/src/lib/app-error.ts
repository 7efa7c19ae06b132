import {
  ERROR_STATUS,
  type TErrorCode,
  type TMessageParams,
  VALIDATION_REFUSED_STATUS,
} from '@meridian/contracts/errors';
import { messageText, type TMessageKey } from '@meridian/contracts/messages';

/** Answer fields beside the message: the login lock's counters. */
export interface TErrorExtra {
  attemptsRemaining?: number;
  lockedUntil?: string;
}

/**
 * The one error a service throws on purpose: a code (what kind of failure) and a shared message key
 * with its params (what to tell the person, in their language). The HTTP status follows from the
 * code (`ERROR_STATUS` in contracts/errors.ts). The error handler answers it as
 * `{ error, key, params, message, … }`; with `field`, the message also belongs to that field of the
 * form (`fieldErrors`, `fieldKeys`).
 */
export class AppError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly extra: TErrorExtra;

  constructor(
    readonly code: TErrorCode,
    readonly key: TMessageKey,
    readonly params: TMessageParams = {},
    options: { field?: string; extra?: TErrorExtra; refused?: boolean } = {},
  ) {
    super(messageText(key, params));
    this.name = 'AppError';
    this.status = options.refused ? VALIDATION_REFUSED_STATUS : ERROR_STATUS[code];
    this.field = options.field;
    this.extra = options.extra ?? {};
  }

  /** A refused form field (400 `VALIDATION`), shown beside that field. */
  static field(field: string, key: TMessageKey, params: TMessageParams = {}): AppError {
    return new AppError('VALIDATION', key, params, { field });
  }

  /**
   * A well-formed value that stored data refuses (422 `VALIDATION`, `VALIDATION_REFUSED_STATUS`):
   * a cursor this server did not issue, an address not in the book, an entry below a minimum.
   */
  static refused(key: TMessageKey, params: TMessageParams = {}, options: { field?: string } = {}): AppError {
    return new AppError('VALIDATION', key, params, { ...options, refused: true });
  }

  /** The same failure, shown beside `field`. */
  onField(field: string): AppError {
    return new AppError(this.code, this.key, this.params, {
      field,
      extra: this.extra,
      refused: this.status !== ERROR_STATUS[this.code],
    });
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'errors.notFound');
export const forbidden = (key: TMessageKey = 'errors.forbidden') => new AppError('FORBIDDEN', key);
export const unauthorized = (key: TMessageKey = 'errors.unauthorized') => new AppError('UNAUTHORIZED', key);
