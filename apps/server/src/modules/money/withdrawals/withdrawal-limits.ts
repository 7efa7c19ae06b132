import { formatUsd, fromCents } from '@meridian/contracts/money';
import {
  type TWithdrawalLimits,
  type TWithdrawalLimitWindow,
  WITHDRAWAL_LIMIT_WINDOWS_MS,
} from '@meridian/contracts/withdrawal-limits';
import type { TConfig } from '../../../config.ts';
import { AppError } from '../../../lib/app-error.ts';

/**
 * Withdrawal limits (docs/money.md, "Withdrawal limits"): the rules alone, on the client's counted
 * withdrawals as the service reads them under the client's lock. Cents throughout; `null` is no limit.
 */

/** One verification state's limits, in cents. */
export interface TLimitSet {
  perRequest: bigint | null;
  day: bigint | null;
  month: bigint | null;
}

/** The operator's limits (WITHDRAWAL_LIMIT_* settings) for clients who are not verified and who are. */
export interface TWithdrawalLimitSettings {
  unverified: TLimitSet;
  verified: TLimitSet;
}

/** No limit at all: what callers that pass no settings (test fixtures, demo data) get. */
export const NO_WITHDRAWAL_LIMITS: TWithdrawalLimitSettings = {
  unverified: { perRequest: null, day: null, month: null },
  verified: { perRequest: null, day: null, month: null },
};

export function withdrawalLimitsOf(
  config: Pick<
    TConfig,
    | 'WITHDRAWAL_LIMIT_PER_REQUEST_UNVERIFIED'
    | 'WITHDRAWAL_LIMIT_24H_UNVERIFIED'
    | 'WITHDRAWAL_LIMIT_30D_UNVERIFIED'
    | 'WITHDRAWAL_LIMIT_PER_REQUEST_VERIFIED'
    | 'WITHDRAWAL_LIMIT_24H_VERIFIED'
    | 'WITHDRAWAL_LIMIT_30D_VERIFIED'
  >,
): TWithdrawalLimitSettings {
  return {
    unverified: {
      perRequest: config.WITHDRAWAL_LIMIT_PER_REQUEST_UNVERIFIED,
      day: config.WITHDRAWAL_LIMIT_24H_UNVERIFIED,
      month: config.WITHDRAWAL_LIMIT_30D_UNVERIFIED,
    },
    verified: {
      perRequest: config.WITHDRAWAL_LIMIT_PER_REQUEST_VERIFIED,
      day: config.WITHDRAWAL_LIMIT_24H_VERIFIED,
      month: config.WITHDRAWAL_LIMIT_30D_VERIFIED,
    },
  };
}

/** A withdrawal that counts: Pending or Completed, not deleted, with the time it was asked for. */
export interface TCountedWithdrawal {
  at: Date;
  amount: bigint;
}

const WINDOWS: readonly TWithdrawalLimitWindow[] = ['day', 'month'];

const minOf = (values: readonly (bigint | null)[]): bigint | null =>
  values.reduce<bigint | null>((min, v) => (v === null ? min : min === null || v < min ? v : min), null);

/**
 * What the window ending at `now` holds: every counted withdrawal asked for after `now - window`.
 * One asked for "later" than `now` (another server's clock a little ahead) counts too.
 */
function usedIn(rows: readonly TCountedWithdrawal[], window: TWithdrawalLimitWindow, now: Date): bigint {
  const since = now.getTime() - WITHDRAWAL_LIMIT_WINDOWS_MS[window];
  return rows.reduce((sum, r) => (r.at.getTime() > since ? sum + r.amount : sum), 0n);
}

/**
 * The earliest moment from `now` at which the window allows `amount` more: `now` when it already
 * does, otherwise when enough of its oldest withdrawals have left it (each leaves exactly `window`
 * after it was asked for). `amount` must not exceed `limit`, so such a moment always exists.
 */
export function freesAt(
  rows: readonly TCountedWithdrawal[],
  window: TWithdrawalLimitWindow,
  limit: bigint,
  amount: bigint,
  now: Date,
): Date {
  const span = WITHDRAWAL_LIMIT_WINDOWS_MS[window];
  const since = now.getTime() - span;
  const inWindow = rows.filter((r) => r.at.getTime() > since).sort((a, b) => a.at.getTime() - b.at.getTime());
  let used = inWindow.reduce((sum, r) => sum + r.amount, 0n);
  if (used + amount <= limit) return now;
  for (const row of inWindow) {
    used -= row.amount;
    if (used + amount <= limit) return new Date(row.at.getTime() + span);
  }
  throw new Error(`withdrawal limit: ${amount} cents can never fit a limit of ${limit}`);
}

/** Up to the next whole minute: a time the client reads to the minute must not be early. */
const ceilToMinute = (at: Date) => new Date(Math.ceil(at.getTime() / 60_000) * 60_000);

/** "2026-11-30 14:05 UTC": the English message's time, which no reader can take for another. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Refuses `amount` (`422 WITHDRAWAL_LIMIT`) when it is above the per-request maximum (or above a
 * window's whole limit, which no wait can make room for), or when a rolling window has not enough
 * left: the message names that window's limit, what is left of it, and when enough frees up for
 * this amount (the latest of the windows that refuse it, rounded up to the minute). The params
 * carry each value twice: as the English text shows it, and as dollars (`…Usd`) and an ISO time
 * (`atIso`) for the web to write the reader's way.
 */
export function checkWithdrawalLimits(
  rows: readonly TCountedWithdrawal[],
  limits: TLimitSet,
  amount: bigint,
  now: Date,
): void {
  const max = minOf([limits.perRequest, limits.day, limits.month]);
  if (max !== null && amount > max) {
    throw new AppError('WITHDRAWAL_LIMIT', 'withdrawals.limitPerRequest', {
      max: formatUsd(max),
      maxUsd: fromCents(max),
    });
  }
  let refusing: { window: TWithdrawalLimitWindow; limit: bigint; at: Date } | undefined;
  for (const window of WINDOWS) {
    const limit = limits[window];
    if (limit === null) continue;
    const at = freesAt(rows, window, limit, amount, now);
    if (at.getTime() > now.getTime() && (!refusing || at.getTime() > refusing.at.getTime())) {
      refusing = { window, limit, at };
    }
  }
  if (!refusing) return;
  const used = usedIn(rows, refusing.window, now);
  const left = used < refusing.limit ? refusing.limit - used : 0n;
  const at = ceilToMinute(refusing.at);
  throw new AppError(
    'WITHDRAWAL_LIMIT',
    refusing.window === 'day' ? 'withdrawals.limitDay' : 'withdrawals.limitMonth',
    {
      limit: formatUsd(refusing.limit),
      left: formatUsd(left),
      amount: formatUsd(amount),
      at: utcMinute(at),
      limitUsd: fromCents(refusing.limit),
      leftUsd: fromCents(left),
      amountUsd: fromCents(amount),
      atIso: at.toISOString(),
    },
  );
}

/** The limits of the client's state and what is left of each at `now`, in dollars, as the API answers them. */
export function limitsSummary(
  rows: readonly TCountedWithdrawal[],
  limits: TLimitSet,
  verified: boolean,
  now: Date,
): TWithdrawalLimits {
  const windowOf = (window: TWithdrawalLimitWindow) => {
    const limit = limits[window];
    const used = usedIn(rows, window, now);
    const left = limit === null ? null : used < limit ? limit - used : 0n;
    return { limit, used, left };
  };
  const day = windowOf('day');
  const month = windowOf('month');
  const dollars = (cents: bigint | null) => (cents === null ? null : fromCents(cents));
  const upTo = minOf([limits.perRequest, day.left, month.left]);
  return {
    verified,
    perRequest: dollars(limits.perRequest),
    day: { limit: dollars(day.limit), used: fromCents(day.used), left: dollars(day.left) },
    month: { limit: dollars(month.limit), used: fromCents(month.used), left: dollars(month.left) },
    upTo: dollars(upTo),
  };
}
