import type { TInvestmentPlan, TPublicPlan } from '@meridian/contracts/investments';
import { fromCents } from '@meridian/contracts/money';
import type { TPlanRow } from './plans.repository.ts';

/** Basis points to the percent the API shows (1250 → 12.5). */
export const percentOf = (basisPoints: number): number => fromCents(BigInt(basisPoints));

/** The only way a plan row leaves the server: amounts in dollars, interest in percent. */
export function toApiPlan(row: TPlanRow, inUse: boolean): TInvestmentPlan {
  return {
    ...toAuditPlan(row),
    inUse,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A plan as a visitor sees it: its terms, nothing about who uses it or when it was made. */
export function toPublicPlan(row: TPlanRow): TPublicPlan {
  return {
    name: row.name,
    interest: percentOf(row.interestBp),
    duration: row.duration,
    noOfTimes: row.noOfTimes,
    minAmount: fromCents(row.minAmount),
    maxAmount: fromCents(row.maxAmount),
  };
}

/** A plan as the audit log records it (the fields of contracts/audit.ts): its id and terms. */
export function toAuditPlan(row: TPlanRow) {
  return { id: row.id, ...toPublicPlan(row) };
}
