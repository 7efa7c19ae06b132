/**
 * Withdrawal verification: a 6-digit code is emailed, expires after
 * 10 minutes, allows 5 wrong tries, and a new one can be asked for once a minute. A verified code
 * allows ONE withdrawal within 10 minutes of its verification.
 */
export const WITHDRAWAL_CODE_LENGTH = 6;
export const WITHDRAWAL_CODE_TTL_MINUTES = 10;
export const WITHDRAWAL_CODE_MAX_ATTEMPTS = 5;
export const WITHDRAWAL_CODE_RESEND_SECONDS = 60;
export const WITHDRAWAL_VERIFIED_WINDOW_MINUTES = 10;
