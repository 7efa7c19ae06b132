import { randomBytes } from 'node:crypto';

/** One request body in one of the encodings the API accepts, ready for `app.inject`. */
export interface TEncodedBody {
  payload: string;
  headers: Record<string, string>;
}

export const ENCODINGS = ['json', 'urlencoded', 'multipart'] as const;
export type TEncoding = (typeof ENCODINGS)[number];

/** Form encodings carry text only: arrays become repeated fields, anything else its string form. */
function formEntries(fields: Record<string, unknown>): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      entries.push([name, typeof item === 'string' ? item : JSON.stringify(item)]);
    }
  }
  return entries;
}

export function asJson(body: unknown): TEncodedBody {
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

export function asUrlencoded(fields: Record<string, unknown>): TEncodedBody {
  return {
    payload: new URLSearchParams(formEntries(fields)).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** multipart/form-data as a browser sends it, as text; `files` adds text file parts. */
export function asMultipart(
  fields: Record<string, unknown>,
  files: Array<TFilePart & { content: string }> = [],
): TEncodedBody {
  const upload = asUpload(fields, files);
  return { payload: upload.payload.toString('utf8'), headers: upload.headers };
}

/** A file part of an upload. */
export interface TFilePart {
  name: string;
  filename: string;
  content: string | Buffer;
  contentType?: string;
}

/** multipart/form-data with file parts, binary-safe (the payload is bytes). */
export function asUpload(
  fields: Record<string, unknown>,
  files: TFilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----meridian${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of formEntries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function encode(encoding: TEncoding, body: Record<string, unknown>): TEncodedBody {
  if (encoding === 'json') return asJson(body);
  if (encoding === 'urlencoded') return asUrlencoded(body);
  return asMultipart(body);
}
