/**
 * The bytes of a file part, as `@fastify/multipart` (attachFieldsToBody: 'keyValues') hands them
 * over: a Buffer, typed by the contract (`zUpload`) as the Uint8Array it is.
 */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
