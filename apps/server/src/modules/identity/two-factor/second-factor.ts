import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@meridian/contracts/two-factor';
import type { DbOrTx } from '../../../db/client.ts';
import { sha256 } from '../../../lib/random.ts';
import { matchingStep } from './totp.ts';
import { findTwoFactor, useRecoveryCode, useStep } from './two-factor.repository.ts';

/**
 * Checking a second factor at sign-in (and before turning it off): a one-time code of the enrolled
 * secret, or one of the recovery codes (docs/security.md, "Two-factor sign-in").
 */

/** Lowercase letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `count` new recovery codes, `xxxx-xxxx`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const half = () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  const codes = new Set<string>();
  while (codes.size < count) codes.add(`${half()}-${half()}`);
  return [...codes];
}

/** A recovery code as stored: SHA-256 of the user and the code in lowercase with its dash. */
export function recoveryCodeHash(userId: string, code: string): string | null {
  const compact = code.toLowerCase().replace(/[\s-]+/g, '');
  if (!/^[a-z0-9]{8}$/.test(compact)) return null;
  return sha256(`recovery-code:${userId}:${compact.slice(0, 4)}-${compact.slice(4)}`);
}

/**
 * Spends `code` as the user's second factor: a one-time code of a step after the last one used
 * (never twice), or an unused recovery code (once). Run it inside the transaction that holds the
 * user's row lock, so two tries of the same code take turns. Null when the code is not good.
 */
export async function spendSecondFactor(
  tx: DbOrTx,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery-code' | null> {
  const factor = await findTwoFactor(tx, userId);
  if (!factor?.enabledAt) return null;
  const digits = code.replace(/\s+/g, '');
  if (/^\d+$/.test(digits)) {
    const step = matchingStep(factor.secret, digits, factor.lastUsedStep);
    if (step === null) return null;
    return (await useStep(tx, userId, step)) ? 'totp' : null;
  }
  const hash = recoveryCodeHash(userId, code);
  if (!hash) return null;
  return (await useRecoveryCode(tx, userId, hash)) ? 'recovery-code' : null;
}

// What other modules may read and write of this module's tables (docs/architecture.md, "Boundaries").
export { hasEnabledTwoFactor } from './two-factor.repository.ts';
