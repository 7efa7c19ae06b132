import { DEFAULT_LANGUAGE, type TLanguage } from '@meridian/contracts/constants';
import {
  EMAIL_VERIFICATION_RESEND_SECONDS,
  EMAIL_VERIFICATION_TTL_HOURS,
  VERIFY_EMAIL_PATH,
} from '@meridian/contracts/email-verification';
import type { TMessageKey } from '@meridian/contracts/messages';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { randomToken, sha256 } from '../../../lib/random.ts';
import { noteLiveChange } from '../../platform/live/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { lockOpenClient, markEmailUnverified, markEmailVerified } from '../users/index.ts';
import { type TVerificationReason, verificationMail } from './email-verification.mail.ts';
import {
  deleteAllTokens,
  deleteUnusedTokens,
  insertToken,
  lockToken,
  markTokenUsed,
  secondsSinceNewestToken,
} from './email-verification.repository.ts';

/**
 * Email verification (docs/security.md, "Email verification"):
 * - A sign-up, and a client's change of their own email, mail a link with a 256-bit token to the
 *   address; only its SHA-256 is stored, with the address it was sent to. It works once, within 24
 *   hours, and only while the account still has that address.
 * - Asking for a new link (at most once a minute) deletes the unused ones, so only the newest works.
 * - Until a link is followed the account's `email_verified_at` is null, and the client scope refuses
 *   the routes that move money (`verifiedEmail`, plugins/auth.ts).
 */

export type { TVerificationReason } from './email-verification.mail.ts';

export interface TVerificationDeps {
  mail: Mailer;
  /** Where the web app is served (PUBLIC_URL, from configuration): the link's origin. */
  origin: string;
}

/** The person a link is for, as the transaction that changes their account has them. */
export interface TVerificationRecipient {
  id: string;
  email: string;
  firstname: string;
  /** Their chosen language, else the one they use now. */
  language: TLanguage | null;
}

/**
 * Starts a verification of `user.email` inside the caller's transaction (the sign-up's, the email
 * change's, the resend's): the account counts as unverified, earlier unused links stop working, and
 * the mail with the new link is written to the outbox with the change.
 */
export async function startVerification(
  tx: Tx,
  deps: TVerificationDeps,
  user: TVerificationRecipient,
  reason: TVerificationReason,
): Promise<void> {
  const token = randomToken();
  await markEmailUnverified(tx, user.id);
  // The client's open screens show the banner (the live updates' `account` topic).
  noteLiveChange(tx, user.id, ['account']);
  await deleteUnusedTokens(tx, user.id);
  await insertToken(tx, {
    userId: user.id,
    email: user.email,
    tokenHash: sha256(token),
    ttlHours: EMAIL_VERIFICATION_TTL_HOURS,
  });
  const link = `${deps.origin.replace(/\/+$/, '')}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  await deps.mail.queue(
    tx,
    verificationMail(user.email, user.language ?? DEFAULT_LANGUAGE, {
      firstname: user.firstname,
      link,
      ttlHours: EMAIL_VERIFICATION_TTL_HOURS,
      reason,
    }),
  );
}

/**
 * A new link for a client whose address is not verified yet: 409 once it is, 429 within a minute of
 * the last link. The mail is in the client's chosen language, else `requestLanguage`.
 */
export async function resendVerification(
  db: Db,
  deps: TVerificationDeps,
  userId: string,
  requestLanguage: TLanguage,
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const user = await lockOpenClient(tx, userId);
    if (!user) throw notFound();
    if (user.emailVerifiedAt) throw new AppError('CONFLICT', 'email-verification.alreadyVerified');
    const age = await secondsSinceNewestToken(tx, userId);
    if (age !== null && age < EMAIL_VERIFICATION_RESEND_SECONDS) {
      const seconds = Math.max(1, Math.ceil(EMAIL_VERIFICATION_RESEND_SECONDS - age));
      throw new AppError('RATE_LIMITED', 'email-verification.tooSoon', { seconds });
    }
    // Someone who never chose a language gets the one they are reading the site in.
    await startVerification(tx, deps, { ...user, language: user.language ?? requestLanguage }, 'resend');
    return { email: user.email };
  });
}

/**
 * Follows a link: marks the address it was sent to as verified and spends it. Refused on the `token`
 * field when it is unknown (never made, replaced by a newer link, or for an address the account no
 * longer has), used, or expired. Answers the user whose address is now verified.
 */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  const outcome = await db.transaction(async (tx): Promise<{ userId: string } | TMessageKey> => {
    const row = await lockToken(tx, sha256(token));
    if (!row) return 'email-verification.tokenInvalid';
    if (row.usedAt) return 'email-verification.tokenUsed';
    if (row.expired) return 'email-verification.tokenExpired';
    const user = await lockOpenClient(tx, row.userId);
    if (user?.email !== row.email) return 'email-verification.tokenInvalid';
    await markTokenUsed(tx, row.id);
    await markEmailVerified(tx, user.id);
    await deleteUnusedTokens(tx, user.id);
    // The client's open screens drop the banner, wherever the link was opened.
    noteLiveChange(tx, user.id, ['account']);
    return { userId: user.id };
  });
  if (typeof outcome === 'string') throw AppError.field('token', outcome);
  return outcome.userId;
}

/** Erases a closing account's links (they name its address). */
export async function deleteVerificationLinksOf(tx: Tx, userId: string): Promise<void> {
  await deleteAllTokens(tx, userId);
}
