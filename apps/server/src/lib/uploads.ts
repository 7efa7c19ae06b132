import type { TMessageKey } from '@meridian/contracts/messages';
import { z } from 'zod';

/**
 * A file part of a multipart body. `@fastify/multipart` (attachFieldsToBody: 'keyValues') hands a
 * file over as a Buffer and a text part as a string, so a route's body schema is the contract's
 * text fields extended with these. `requiredKey` is the spec's message for a missing file.
 * The bytes are checked by content later, with `cleanImage`.
 */
export const uploadedFile = (requiredKey: TMessageKey) =>
  z.custom<Buffer>((value) => Buffer.isBuffer(value) && value.length > 0, { error: requiredKey });
