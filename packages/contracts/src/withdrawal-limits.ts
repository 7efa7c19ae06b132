import { z } from 'zod';

/**
 * Withdrawal limits (docs/money.md, "Withdrawal limits"): per verification state, the most a client
 * may ask for in one request and in the rolling 24 hours and 30 days before it, counting their
 * withdrawals that are Pending or Completed by the time they were asked for. Amounts are dollars,
 * `null` where the operator set no limit.
 */

/** The rolling windows, in milliseconds. */
export const WITHDRAWAL_LIMIT_WINDOWS_MS = { day: 24 * 60 * 60 * 1000, month: 30 * 24 * 60 * 60 * 1000 } as const;
export type TWithdrawalLimitWindow = keyof typeof WITHDRAWAL_LIMIT_WINDOWS_MS;

/** One rolling window: its limit, what the client's withdrawals in it add up to, and what is left. */
export const ZWithdrawalLimitWindow = z.object({
  limit: z.number().nullable(),
  used: z.number(),
  left: z.number().nullable(),
});
export type TWithdrawalLimitWindowState = z.infer<typeof ZWithdrawalLimitWindow>;

/**
 * GET /withdrawal/limits/{userId}: the limits of the client's verification state and what is left of
 * each now. `upTo` is the most one request may ask for now (the smallest of the per-request maximum
 * and what is left of each window; `null`: no limit applies), before the withdrawable balance.
 */
export const ZWithdrawalLimits = z.object({
  /** The account is verified (`isVerified`, contracts/verification.ts): the verified limits apply. */
  verified: z.boolean(),
  perRequest: z.number().nullable(),
  day: ZWithdrawalLimitWindow,
  month: ZWithdrawalLimitWindow,
  upTo: z.number().nullable(),
});
export type TWithdrawalLimits = z.infer<typeof ZWithdrawalLimits>;
