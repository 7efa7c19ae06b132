import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { text } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Verifying a client's email address (docs/security.md, "Email verification"): after sign-up, and
 * after a client changes their own email, a single-use link is mailed; until it is followed the
 * client may sign in and look around, but no money moves.
 */

/** A verification link works this long, once. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/** A client may ask for a new link at most once in this many seconds. */
export const EMAIL_VERIFICATION_RESEND_SECONDS = 60;
/** The page the mailed link opens, with `?token=`. */
export const VERIFY_EMAIL_PATH = '/verify-email';

/** POST /api/email-verification: the token from the link's query string. */
export const ZVerifyEmailInput = z.strictObject({
  token: text('email-verification.tokenInvalid')
    .trim()
    .min(1, { error: 'email-verification.tokenInvalid' satisfies TMessageKey })
    .max(128, { error: 'email-verification.tokenInvalid' satisfies TMessageKey }),
});
export type TVerifyEmailInput = z.input<typeof ZVerifyEmailInput>;

/**
 * POST /api/email-verification/resend/:userId: nothing but the language of the mail, which the web
 * app names (else the user's chosen language, else the request's Accept-Language).
 */
export const ZResendVerificationInput = z.strictObject({
  lang: z.enum(LANGUAGES).optional(),
});
export type TResendVerificationInput = z.input<typeof ZResendVerificationInput>;
