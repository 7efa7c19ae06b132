import { z } from 'zod';
import { ZNewPassword } from './auth.ts';
import type { TMessageKey } from './messages.ts';

/**
 * Regaining access (spec 01 §4 "Account lock", "Password recovery"; spec 02 §2 "Unlock requests";
 * DESIGN §1): a photo-backed request an admin approves with an emailed temporary code, and the
 * admin-issued single-use reset link.
 */

/** Temporary login codes: 6 unambiguous characters (spec 01 §9), alive 24 h, 5 tries. */
export const TEMP_CODE_LENGTH = 6;
export const TEMP_CODE_TTL_HOURS = 24;
export const TEMP_CODE_MAX_ATTEMPTS = 5;
/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Unlock photos are shrunk to at most this many pixels a side. */
export const UNLOCK_IMAGE_MAX_SIDE = 2000;
export const UNLOCK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const UNLOCK_KINDS = ['unlock', 'password'] as const;
export type TUnlockKind = (typeof UNLOCK_KINDS)[number];
export const UNLOCK_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The email of a recovery request; missing says the spec's one sentence for both fields. */
const ZRecoveryEmail = z
  .string({ error: 'recovery.fieldsRequired' satisfies TMessageKey })
  .trim()
  .min(1, { error: 'recovery.fieldsRequired' satisfies TMessageKey })
  .max(254, { error: 'validation.tooLong' satisfies TMessageKey })
  .toLowerCase()
  .pipe(z.email({ error: 'validation.emailInvalid' satisfies TMessageKey }));

/**
 * The text part of POST unlock/request and unlock/forgot-password (multipart). The server adds the
 * `verificationImage` file part to it.
 */
export const ZUnlockRequestFields = z.strictObject({ email: ZRecoveryEmail });
export type TUnlockRequestFields = z.input<typeof ZUnlockRequestFields>;

/** The code as typed: spaces dropped, upper-cased (codes use A-Z and 2-9 only). */
export const ZTempCode = z
  .string({ error: 'recovery.codeRequired' satisfies TMessageKey })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'recovery.codeRequired' satisfies TMessageKey })
      .max(TEMP_CODE_LENGTH, { error: 'recovery.codeMax' satisfies TMessageKey }),
  );

/** POST unlock/temp-login (spec 01 §3 "Temp login"). */
export const ZTempLoginInput = z.strictObject({ email: ZRecoveryEmail, tempCode: ZTempCode });
export type TTempLoginInput = z.input<typeof ZTempLoginInput>;

/** POST user/resetpswd: the new password and the token from the link's query string. */
export const ZResetPasswordInput = z.strictObject({
  password: ZNewPassword,
  token: z
    .string({ error: 'recovery.tokenRequired' satisfies TMessageKey })
    .trim()
    .min(1, { error: 'recovery.tokenRequired' satisfies TMessageKey })
    .max(128, { error: 'recovery.tokenInvalid' satisfies TMessageKey }),
});
export type TResetPasswordInput = z.input<typeof ZResetPasswordInput>;

/** A pending request as the admin reviews it (spec 02 §3 "Unlock request"). */
export const ZUnlockRequest = z.object({
  id: z.uuid(),
  kind: z.enum(UNLOCK_KINDS),
  status: z.enum(UNLOCK_STATUSES),
  createdAt: z.iso.datetime(),
  user: z.object({ id: z.uuid(), firstname: z.string(), lastname: z.string(), email: z.string() }),
  /** Path under /api of the photo (admin only; fetch it with the bearer token). */
  imageUrl: z.string(),
});
export type TUnlockRequest = z.infer<typeof ZUnlockRequest>;

/** GET unlock/requests: pending requests, oldest first. */
export const ZUnlockRequestList = z.object({ requests: z.array(ZUnlockRequest) });
export type TUnlockRequestList = z.infer<typeof ZUnlockRequestList>;

export const ZUnlockRequestParams = z.strictObject({
  id: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }),
});
