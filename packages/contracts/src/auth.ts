import { z } from 'zod';
import {
  KYC_STATUSES,
  LANGUAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFERRAL_CODE_MAX_LENGTH,
  STAFF_ROLES,
  USER_TYPES,
} from './constants.ts';
import { COUNTRY_NAME_MAX, countryCodeOf } from './countries.ts';
import { requiredText, text } from './fields.ts';
import type { TMessageKey } from './messages.ts';

export const ZEmail = requiredText('validation.emailRequired', 254)
  .toLowerCase()
  .pipe(z.email({ error: 'validation.emailInvalid' satisfies TMessageKey }));

/** Passwords are never trimmed: spaces are characters too. */
export const ZLoginPassword = text('validation.passwordRequired')
  .min(1, { error: 'validation.passwordRequired' satisfies TMessageKey })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordMax' satisfies TMessageKey });

export const ZNewPassword = ZLoginPassword.min(PASSWORD_MIN_LENGTH, {
  error: 'validation.passwordMin' satisfies TMessageKey,
});

export const ZLoginInput = z.strictObject({
  email: ZEmail,
  password: ZLoginPassword,
  /** "Remember me": keep the session across browser restarts. */
  remember: z.boolean().optional(),
});
export type TLoginInput = z.input<typeof ZLoginInput>;

export const ZUsername = requiredText('validation.usernameRequired', 30).regex(/^[A-Za-z0-9._-]+$/, {
  error: 'validation.usernameInvalid' satisfies TMessageKey,
});

export const ZPhone = requiredText('validation.phoneRequired', 32).regex(/^\+?[0-9 ().-]{5,31}$/, {
  error: 'validation.phoneInvalid' satisfies TMessageKey,
});

/**
 * A country by its ISO code or its English name from a country list, as the specification's forms
 * send it; kept as the ISO code either way.
 */
export const ZCountry = requiredText('validation.countryRequired', COUNTRY_NAME_MAX).transform((value, ctx) => {
  const code = countryCodeOf(value);
  if (code) return code;
  ctx.addIssue({ code: 'custom', message: 'validation.countryRequired' satisfies TMessageKey });
  return z.NEVER;
});

/**
 * A required tick: `true`, or `'true'` from a form body (whose values are text). Anything else,
 * unticked included, is refused with `required`.
 */
export const accepted = (required: TMessageKey) =>
  z
    .union([z.boolean(), z.literal('true'), z.literal('false')], { error: required })
    .refine((value) => value === true || value === 'true', { error: required })
    .transform((): true => true);

/** The registration form. It arrives as a form, so every value is text. */
export const ZRegisterInput = z.strictObject({
  firstname: requiredText('validation.firstnameRequired', 64),
  lastname: requiredText('validation.lastnameRequired', 64),
  username: ZUsername,
  email: ZEmail,
  phone: ZPhone,
  country: ZCountry,
  address: requiredText('validation.addressRequired', 200),
  referralCode: text()
    .trim()
    .toUpperCase()
    .max(REFERRAL_CODE_MAX_LENGTH, { error: 'validation.referralCodeMax' satisfies TMessageKey })
    .optional(),
  password: ZNewPassword,
  /**
   * The terms and the risk disclosure (operator content, `GET /api/content/legal/:document`) are
   * accepted: the server refuses a sign-up without both and records which text and when
   * (docs/security.md, "Terms and risk disclosure"). Not in the specification's payload.
   */
  acceptTerms: accepted('validation.termsRequired'),
  acceptRiskDisclosure: accepted('validation.riskDisclosureRequired'),
  /** The language the person signs up in: their mail is written in it (not in the specification's payload). */
  lang: z.enum(LANGUAGES).optional(),
});
export type TRegisterInput = z.input<typeof ZRegisterInput>;

/**
 * `currentPassword` is required when the caller changes their own password (the server checks it);
 * an admin setting another user's password does not know theirs (docs/deviations.md).
 */
export const ZChangePasswordInput = z.strictObject({
  currentPassword: ZLoginPassword.optional(),
  password: ZNewPassword,
});
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>;

export const ZUserIdParams = z.strictObject({ userId: z.uuid({ error: 'errors.notFound' satisfies TMessageKey }) });

/** What the API tells about a user. Money is in dollars (see money.ts). Never a password. */
export const ZUser = z.object({
  id: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  address: z.string(),
  profile: z.string().nullable(),
  type: z.enum(USER_TYPES),
  /** The single role compared with a guard's allowed roles; equals `type`. */
  roles: z.enum(USER_TYPES),
  /** A staff member's role (users of type Admin); null for everyone else (contracts/staff.ts). */
  staffRole: z.enum(STAFF_ROLES).nullable(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  /**
   * The email address was proven by following the mailed link (or the account was made by an admin,
   * or before verification existed): until then no money moves (docs/security.md, "Email verification").
   * Not the specification's `isVerified`, which is the admin's Verify / Unverify of the account.
   */
  emailVerified: z.boolean(),
  /** When the client accepted the terms and the risk disclosure at sign-up; null for accounts an admin made. */
  termsAcceptedAt: z.iso.datetime().nullable(),
  kycStatus: z.enum(KYC_STATUSES),
  balance: z.number(),
  tradingBalance: z.number(),
  profitBalance: z.number(),
  bonus: z.number(),
  referralCode: z.string(),
  plan: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  withdrawalEnabled: z.boolean(),
  maintenanceAlert: z.boolean(),
  maintenanceAlertMessage: z.string().nullable(),
  securityAlert: z.boolean(),
  securityAlertMessage: z.string().nullable(),
  planUpgradeAlert: z.boolean(),
  planUpgradeAlertMessage: z.string().nullable(),
  passwordChangedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZAuthResponse = z.object({
  user: ZUser,
  accessToken: z.string(),
  roles: z.enum(USER_TYPES),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZRegisterResponse = z.object({ message: z.string(), user: ZUser });
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;
