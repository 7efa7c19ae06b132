import { z } from 'zod';
import type { TMessageKey } from './messages.ts';

/**
 * True when `value` holds a character no stored text may hold: a C0 control character other than
 * tab, line feed and carriage return (PostgreSQL refuses NUL in text), or half of a UTF-16 surrogate
 * pair without its other half (not valid Unicode, so it cannot be encoded as UTF-8).
 */
export function hasForbiddenCharacters(value: string): boolean {
  for (let i = 0; i < value.length; ) {
    const units = allowedUnitsAt(value, i);
    if (units === 0) return true;
    i += units;
  }
  return false;
}

/** `value` with each forbidden character (see `hasForbiddenCharacters`) replaced by U+FFFD. */
export function replaceForbiddenCharacters(value: string): string {
  if (!hasForbiddenCharacters(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; ) {
    const units = allowedUnitsAt(value, i);
    out += units === 0 ? '\uFFFD' : value.slice(i, i + units);
    i += units || 1;
  }
  return out;
}

/** The UTF-16 code units of the allowed character at `i` (1, or 2 for a surrogate pair); 0 when forbidden. */
function allowedUnitsAt(value: string, i: number): 0 | 1 | 2 {
  const c = value.charCodeAt(i);
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d ? 1 : 0;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = value.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 2 : 0;
  }
  return c >= 0xdc00 && c <= 0xdfff ? 0 : 1;
}

/**
 * The one text schema every text a request carries (body or query) goes through: a string without
 * forbidden characters (`hasForbiddenCharacters`), refused with `validation.invalidCharacters`.
 * `invalid` is the message of a missing value or one that is not a string. Chain `.trim()`,
 * `.min()`, `.max()`, … after it.
 */
export function text(invalid?: TMessageKey) {
  return z
    .string(invalid === undefined ? undefined : { error: invalid })
    .refine((value) => !hasForbiddenCharacters(value), {
      error: 'validation.invalidCharacters' satisfies TMessageKey,
      abort: true,
    });
}

/** A required text field: trimmed, not empty, bounded. Messages are i18n keys (see messages.ts). */
export function requiredText(required: TMessageKey, max: number) {
  return text(required)
    .trim()
    .min(1, { error: required })
    .max(max, { error: 'validation.tooLong' satisfies TMessageKey });
}

/**
 * A free text field that may be empty: trimmed and bounded. `invalid` is the message of a value
 * that is not a string, `tooLong` the one of a value over `max`.
 */
export function optionalText(max: number, messages: { invalid?: TMessageKey; tooLong?: TMessageKey } = {}) {
  return text(messages.invalid)
    .trim()
    .max(max, { error: messages.tooLong ?? ('validation.tooLong' satisfies TMessageKey) });
}
