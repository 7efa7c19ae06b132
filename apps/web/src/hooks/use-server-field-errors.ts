import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { useMessageText } from './use-message-text';

/**
 * Puts the fields a refused call names on the form's own fields (react-hook-form's `setError`), in
 * the reader's language, focusing the first. Answers whether any landed, so the caller can show the
 * message elsewhere (a toast, an alert) when none did. Only the `fields` the form shows are taken.
 */
export function useServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): (error: unknown) => boolean {
  const text = useMessageText();
  return useCallback(
    (error) => {
      if (!(error instanceof ApiError)) return false;
      let placed = false;
      for (const [name, ref] of Object.entries(error.fieldKeys)) {
        if (!(fields as readonly string[]).includes(name)) continue;
        setError(name as Path<T>, { type: 'server', message: text(ref) }, { shouldFocus: !placed });
        placed = true;
      }
      return placed;
    },
    [setError, fields, text],
  );
}
