import { z } from 'zod';
import { ZAuthResponse } from './auth.ts';
import { requiredText, text } from './fields.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Two-factor sign-in with a time-based one-time password (RFC 6238) and single-use recovery codes
 * (docs/security.md, "Two-factor sign-in").
 */

/** Digits of a one-time code, seconds of one step. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes handed out on enrolment (and on a new set). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the answer to a sign-in's password step may wait for its second factor. */
export const SECOND_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
/** A recovery code reads `xxxx-xxxx`: lowercase letters and digits that cannot be mistaken for each other. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}-[a-z2-9]{4}$/;

/**
 * A code the person types: a 6-digit one-time code (spaces allowed between the digits) or a recovery
 * code (any case, dash optional). Which one it is, the server decides.
 */
export const ZSecondFactorCode = text('two-factor.codeRequired')
  .trim()
  .min(1, { error: 'two-factor.codeRequired' satisfies TMessageKey })
  .max(32, { error: 'two-factor.codeInvalid' satisfies TMessageKey });

/** A 6-digit one-time code only (enrolment). */
export const ZTotpCode = text('two-factor.codeRequired')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'two-factor.codeRequired' satisfies TMessageKey })
      .regex(/^\d{6}$/, { error: 'two-factor.codeFormat' satisfies TMessageKey }),
  );

export const ZTwoFactorConfirmInput = z.strictObject({ code: ZTotpCode });
export type TTwoFactorConfirmInput = z.input<typeof ZTwoFactorConfirmInput>;

/** Turning the factor off or asking for new recovery codes: a current code or a recovery code. */
export const ZTwoFactorCodeInput = z.strictObject({ code: ZSecondFactorCode });
export type TTwoFactorCodeInput = z.input<typeof ZTwoFactorCodeInput>;

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 while off). */
  recoveryCodesLeft: z.number().int(),
  /** Admins must have it: they cannot turn it off. */
  required: z.boolean(),
  /**
   * Whether this session was proven with a second factor or a passkey. An admin's session without
   * one opens nothing but enrolment.
   */
  sessionVerified: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** What an authenticator app needs: the otpauth:// link, as a QR code and typed out. */
export const ZTwoFactorSetup = z.object({
  otpauthUri: z.string(),
  /** The base32 secret in groups of four, for typing it in by hand. */
  secret: z.string(),
  /** The QR code of `otpauthUri`, an SVG data URL. */
  qrCode: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** Recovery codes, shown once. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** The password was right; the sign-in waits for the second factor. */
export const ZSecondFactorChallenge = z.object({
  secondFactorRequired: z.literal(true),
  /** A short-lived signed token naming the sign-in; sent back with the code. */
  challenge: z.string(),
});
export type TSecondFactorChallenge = z.infer<typeof ZSecondFactorChallenge>;

/** A sign-in's first step: a session, or the challenge of the second factor. */
export const ZSignInAnswer = z.union([ZAuthResponse, ZSecondFactorChallenge]);
export type TSignInAnswer = z.infer<typeof ZSignInAnswer>;

export function isSecondFactorChallenge(answer: TSignInAnswer): answer is TSecondFactorChallenge {
  return 'secondFactorRequired' in answer && answer.secondFactorRequired === true;
}

export const ZSecondFactorSignInInput = z.strictObject({
  challenge: text('two-factor.challengeExpired')
    .min(1, { error: 'two-factor.challengeExpired' satisfies TMessageKey })
    .max(2048, { error: 'two-factor.challengeExpired' satisfies TMessageKey }),
  code: ZSecondFactorCode,
});
export type TSecondFactorSignInInput = z.input<typeof ZSecondFactorSignInInput>;

/** An admin's view of a client's second factor. */
export const ZAdminTwoFactorStatus = z.object({ enabled: z.boolean() });
export type TAdminTwoFactorStatus = z.infer<typeof ZAdminTwoFactorStatus>;

/** An admin removes a client's second factor (a lost phone), saying why. */
export const ZTwoFactorResetInput = z.strictObject({ reason: requiredText('validation.reasonRequired', 500) });
export type TTwoFactorResetInput = z.input<typeof ZTwoFactorResetInput>;
