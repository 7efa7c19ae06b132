import type { Tx } from '../../../db/client.ts';
import { payouts } from '../../../db/schema/investments.ts';

/**
 * A plan's payout schedule (docs/money.md, "Investments and payouts"). The plan's interest is the
 * total return over its duration, paid as `duration × noOfTimes` payouts: equal amounts in integer
 * cents, the last one taking the rounding remainder, due evenly through each day from the approval
 * time, so the last falls exactly `duration` days after approval.
 */

export interface TPayoutTerms {
  /** The invested principal, in cents. */
  amount: bigint;
  /** Total interest over the duration in basis points (12.5 % = 1250). */
  interestBp: number;
  duration: number;
  noOfTimes: number;
}

export interface TScheduledPayout {
  sequence: number;
  count: number;
  amount: bigint;
  dueAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The whole return in cents, rounded down: the platform never pays a fraction of a cent more than agreed. */
export function totalInterest(amount: bigint, interestBp: number): bigint {
  return (amount * BigInt(interestBp)) / 10_000n;
}

export function payoutSchedule(terms: TPayoutTerms, approvedAt: Date): TScheduledPayout[] {
  const count = terms.duration * terms.noOfTimes;
  const total = totalInterest(terms.amount, terms.interestBp);
  const each = total / BigInt(count);
  const interval = DAY_MS / terms.noOfTimes;
  const start = approvedAt.getTime();
  return Array.from({ length: count }, (_, i) => ({
    sequence: i + 1,
    count,
    amount: i === count - 1 ? total - each * BigInt(count - 1) : each,
    dueAt: new Date(start + Math.round((i + 1) * interval)),
  }));
}

/** When the last payout is due: the investment matures then. */
export function maturityOf(terms: Pick<TPayoutTerms, 'duration'>, approvedAt: Date): Date {
  return new Date(approvedAt.getTime() + terms.duration * DAY_MS);
}

/**
 * Writes an approved investment's schedule, inside the approval's DB transaction. The unique
 * (investment, sequence) key makes a second schedule for the same investment fail, not double.
 */
export async function schedulePayouts(
  tx: Tx,
  investment: { id: string; userId: string } & TPayoutTerms,
  approvedAt: Date,
): Promise<TScheduledPayout[]> {
  const schedule = payoutSchedule(investment, approvedAt);
  // Inserted in chunks: a 30-day, 4-a-day plan has 120 rows, well under the parameter limit per chunk.
  for (let i = 0; i < schedule.length; i += 500) {
    await tx.insert(payouts).values(
      schedule.slice(i, i + 500).map((p) => ({
        investmentId: investment.id,
        userId: investment.userId,
        sequence: p.sequence,
        count: p.count,
        amount: p.amount,
        dueAt: p.dueAt,
        createdAt: approvedAt,
      })),
    );
  }
  return schedule;
}
