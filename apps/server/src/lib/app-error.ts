import type { TErrorCode } from '@meridian/contracts/errors';
import { messageText, type TMessageKey } from '@meridian/contracts/messages';

/**
 * The one error a service throws on purpose. The error handler turns it into
 * `{ error, message, ...extra }` with `status`; the web app shows `message` or maps `error`.
 */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** An AppError whose message is a shared message key, filled with `params`. */
  static of(
    code: TErrorCode,
    key: TMessageKey,
    status: number,
    params: Record<string, string | number> = {},
    extra: Record<string, unknown> = {},
  ): AppError {
    return new AppError(code, messageText(key, params), status, extra);
  }
}

export const notFound = () => AppError.of('NOT_FOUND', 'errors.notFound', 404);
export const forbidden = (key: TMessageKey = 'errors.forbidden') => AppError.of('FORBIDDEN', key, 403);
export const unauthorized = (key: TMessageKey = 'errors.unauthorized') => AppError.of('UNAUTHORIZED', key, 401);
