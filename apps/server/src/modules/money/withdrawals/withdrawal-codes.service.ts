import { randomInt, timingSafeEqual } from 'node:crypto';
import type { TLanguage } from '@meridian/contracts/constants';
import type { TMessageKey } from '@meridian/contracts/messages';
import {
  WITHDRAWAL_CODE_LENGTH,
  WITHDRAWAL_CODE_MAX_ATTEMPTS,
  WITHDRAWAL_CODE_RESEND_SECONDS,
  WITHDRAWAL_CODE_TTL_MINUTES,
  WITHDRAWAL_VERIFIED_WINDOW_MINUTES,
} from '@meridian/contracts/withdrawals';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { sha256 } from '../../../lib/random.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { withdrawalCodeMail } from './withdrawal-code.mail.ts';
import {
  insertCode,
  lockNewestLiveCode,
  lockUserRow,
  markCodeVerified,
  recordWrongCode,
  retireUnusedCodes,
  secondsSinceNewestCode,
} from './withdrawals.repository.ts';

/**
 * Withdrawal verification, the rule the client sees:
 * - "Send code" emails a 6-digit code that works for 10 minutes; asking again replaces it, at most
 *   once a minute.
 * - 5 wrong entries end the code; a new one must be asked for.
 * - A verified code allows ONE withdrawal within 10 minutes of verification; after that, or after
 *   the withdrawal, the next withdrawal needs a new code.
 *
 * Codes are stored only as sha256 of `${userId}:${code}`: the hash is bound to the user, and a code
 * lives 10 minutes with 5 tries, so a slow hash would add nothing.
 */

export const hashWithdrawalCode = (userId: string, code: string) => sha256(`${userId}:${code}`);

/**
 * Makes, stores and emails a new code for the user; earlier unspent codes stop working. The mail is
 * written in the user's chosen language, else `requestLanguage` (they asked for it just now).
 */
export async function generateWithdrawalCode(
  db: Db,
  mail: Mailer,
  userId: string,
  requestLanguage: TLanguage,
): Promise<void> {
  const code = String(randomInt(0, 10 ** WITHDRAWAL_CODE_LENGTH)).padStart(WITHDRAWAL_CODE_LENGTH, '0');
  await db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user) throw notFound();
    const age = await secondsSinceNewestCode(tx, userId);
    if (age !== null && age < WITHDRAWAL_CODE_RESEND_SECONDS) {
      const seconds = Math.max(1, Math.ceil(WITHDRAWAL_CODE_RESEND_SECONDS - age));
      throw new AppError('RATE_LIMITED', 'errors.codeTooSoon', { seconds });
    }
    await retireUnusedCodes(tx, userId);
    await insertCode(tx, userId, hashWithdrawalCode(userId, code), WITHDRAWAL_CODE_TTL_MINUTES);
    await mail.queue(
      tx,
      withdrawalCodeMail(user.email, user.language ?? requestLanguage, {
        code,
        ttlMinutes: WITHDRAWAL_CODE_TTL_MINUTES,
        windowMinutes: WITHDRAWAL_VERIFIED_WINDOW_MINUTES,
      }),
    );
  });
}

type TVerifyOutcome = 'verified' | TMessageKey;

/**
 * Checks `code` against the user's newest live code. A wrong code counts against it; the count is
 * committed before the refusal is thrown, so parallel guesses cannot get past the limit.
 */
export async function verifyWithdrawalCode(db: Db, userId: string, code: string): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<TVerifyOutcome> => {
    const live = await lockNewestLiveCode(tx, userId);
    if (!live) return 'errors.codeInvalid';
    if (live.attempts >= WITHDRAWAL_CODE_MAX_ATTEMPTS) return 'errors.codeAttempts';
    if (live.expired) return 'errors.codeExpired';
    if (!sameHash(live.codeHash, hashWithdrawalCode(userId, code))) {
      const attempts = await recordWrongCode(tx, live.id);
      // The wrong entry that ends the code says so at once.
      return attempts >= WITHDRAWAL_CODE_MAX_ATTEMPTS ? 'errors.codeAttempts' : 'errors.codeInvalid';
    }
    // Verifying again does not move the 10-minute window.
    if (!live.verifiedAt) await markCodeVerified(tx, live.id);
    return 'verified';
  });
  if (outcome !== 'verified') throw AppError.field('code', outcome);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
