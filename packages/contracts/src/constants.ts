/** Business constants shared by the server and the web app. */

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

export const USER_TYPES = ['Client', 'Admin', 'Agent'] as const;
export type TUserType = (typeof USER_TYPES)[number];

/**
 * The roles of staff, the users of type Admin (docs/security.md, "Staff roles"); what each may do is
 * in contracts/staff.ts. The specification's Agent is a user type of its own, not a staff role.
 */
export const STAFF_ROLES = ['Admin', 'Support', 'Finance'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

export const KYC_STATUSES = ['not submitted', 'pending', 'approved', 'rejected'] as const;
export type TKycStatus = (typeof KYC_STATUSES)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes anything, but an unbounded input is a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 128;
export const REFERRAL_CODE_MAX_LENGTH = 9;
export const REFERRAL_CODE_LENGTH = 8;

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_LOCK_MS = 2 * 60 * 60 * 1000;

/** Open (Pending) deposits a client may have at once; a further declaration is refused (409). */
export const MAX_PENDING_DEPOSITS = 5;

export const PAGE_SIZE = 10;
export const PAGE_SIZE_MAX = 100;

/** Timings of the auth screens. */
export const LOGIN_REDIRECT_DELAY_MS = 2000;
export const REGISTER_REDIRECT_DELAY_MS = 5000;
export const LOGOUT_DELAY_MS = 2000;
export const BACK_TO_TOP_THRESHOLD_PX = 300;
export const BELL_MAX_COUNT = 9;
