import { z } from 'zod';
import type { TMessageKey } from './messages.ts';

/**
 * A file part of a multipart body: the web sends a Blob (a File), the server reads the bytes (Node's
 * Buffer is a Uint8Array). `requiredKey` is the message for a missing or empty file. What the bytes
 * are is checked on the server by their content, not by this schema.
 */
export const zUpload = (requiredKey: TMessageKey) =>
  z.custom(
    (value) =>
      (value instanceof Uint8Array && value.length > 0) ||
      (typeof Blob !== 'undefined' && value instanceof Blob && value.size > 0),
    { error: requiredKey },
  ) as z.ZodCustom<Uint8Array, Blob>;
