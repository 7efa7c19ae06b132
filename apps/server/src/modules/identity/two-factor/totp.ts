import { timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@meridian/contracts/two-factor';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), as every
 * authenticator app computes them (docs/security.md, "Two-factor sign-in").
 */

const ISSUER = 'Meridian';
/** A code of the step before or after the current one is still taken (clocks drift, people are slow). */
const STEP_WINDOW = 1;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, account = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// link an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The secret in groups of four characters, for typing it in by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The 30-second step a moment falls in. */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, among the current step and its neighbours, or null. A step at or
 * before `lastUsedStep` is never taken: a code works once, and no older code after it.
 */
export function matchingStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  nowMs = Date.now(),
): number | null {
  const digits = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const totp = totpOf(secret);
  const current = stepAt(nowMs);
  for (let step = current - STEP_WINDOW; step <= current + STEP_WINDOW; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(digits))) return step;
  }
  return null;
}
