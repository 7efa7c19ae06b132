import { z } from 'zod';
import { ZNewPassword } from './auth.ts';
import { text } from './fields.ts';
import type { TMessageKey } from './messages.ts';
import { zUpload } from './uploads.ts';

/**
 * Regaining access after a login lock or a forgotten password (docs/security.md): a photo-backed
 * request an admin approves with an emailed temporary code, and the
 * admin-issued single-use reset link.
 */

/** Temporary login codes: 6 unambiguous characters, alive 24 h, 5 tries. */
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
const ZRecoveryEmail = text('recovery.fieldsRequired')
  .trim()
  .min(1, { error: 'recovery.fieldsRequired' satisfies TMessageKey })
  .max(254, { error: 'validation.tooLong' satisfies TMessageKey })
  .toLowerCase()
  .pipe(z.email({ error: 'validation.emailInvalid' satisfies TMessageKey }));

/** The text part of POST unlock/request and unlock/forgot-password (multipart). */
export const ZUnlockRequestFields = z.strictObject({ email: ZRecoveryEmail });
export type TUnlockRequestFields = z.input<typeof ZUnlockRequestFields>;

/** The whole request: the email (text part) and the photo (file part); a missing photo says the same sentence. */
export const ZUnlockRequestUpload = ZUnlockRequestFields.extend({
  verificationImage: zUpload('recovery.fieldsRequired'),
});
/** What the web sends: the email and the photo as a Blob (a File). */
export type TUnlockRequestInput = z.input<typeof ZUnlockRequestUpload>;

/** The code as typed: spaces dropped, upper-cased (codes use A-Z and 2-9 only). */
export const ZTempCode = text('recovery.codeRequired')
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'recovery.codeRequired' satisfies TMessageKey })
      .max(TEMP_CODE_LENGTH, { error: 'recovery.codeMax' satisfies TMessageKey }),
  );

/** POST unlock/temp-login: signing in with a temporary code. */
export const ZTempLoginInput = z.strictObject({ email: ZRecoveryEmail, tempCode: ZTempCode });
export type TTempLoginInput = z.input<typeof ZTempLoginInput>;

/** POST user/resetpswd: the new password and the token from the link's query string. */
export const ZResetPasswordInput = z.strictObject({
  password: ZNewPassword,
  token: text('recovery.tokenRequired')
    .trim()
    .min(1, { error: 'recovery.tokenRequired' satisfies TMessageKey })
    .max(128, { error: 'recovery.tokenInvalid' satisfies TMessageKey }),
});
export type TResetPasswordInput = z.input<typeof ZResetPasswordInput>;

/** A pending request as the admin reviews it. */
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
