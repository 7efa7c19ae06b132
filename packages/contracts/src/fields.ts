import { z } from 'zod';
import type { TMessageKey } from './messages.ts';

/** A required text field: trimmed, not empty, bounded. Messages are i18n keys (see messages.ts). */
export function requiredText(required: TMessageKey, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: 'validation.tooLong' satisfies TMessageKey });
}
