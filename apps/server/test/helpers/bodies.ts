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

/** multipart/form-data as a browser sends it; `files` adds file parts. */
export function asMultipart(
  fields: Record<string, unknown>,
  files: Array<{ name: string; filename: string; content: string }> = [],
): TEncodedBody {
  const boundary = `----meridian${randomBytes(8).toString('hex')}`;
  let payload = '';
  for (const [name, value] of formEntries(fields)) {
    payload += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  for (const file of files) {
    payload +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${file.content}\r\n`;
  }
  payload += `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function encode(encoding: TEncoding, body: Record<string, unknown>): TEncodedBody {
  if (encoding === 'json') return asJson(body);
  if (encoding === 'urlencoded') return asUrlencoded(body);
  return asMultipart(body);
}
