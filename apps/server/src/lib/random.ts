import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Unambiguous characters for codes people read and type (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCode(length: number, alphabet = CODE_ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** An opaque secret for a cookie or a link: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: they are long and random, so a slow hash adds nothing. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
