import { fromCents } from '@meridian/contracts/money';
import type { TPayout } from '@meridian/contracts/payouts';
import type { payouts } from '../../../db/schema/investments.ts';

export type TPayoutRow = typeof payouts.$inferSelect;

/** A payout with its plan's name (from the investment's record) and, in admin answers, its client. */
export interface TPayoutView {
  payout: TPayoutRow;
  planName: string | null;
  user?: { id: string; firstname: string; lastname: string; email: string };
}

/** The only way a payout leaves the server ("trade" in the spec's words). */
export function toApiPayout({ payout, planName, user }: TPayoutView): TPayout {
  return {
    id: payout.id,
    investmentId: payout.investmentId,
    userId: payout.userId,
    sequence: payout.sequence,
    count: payout.count,
    amount: fromCents(payout.amount),
    createdAt: payout.createdAt.toISOString(),
    dueDate: payout.dueAt.toISOString(),
    status: payout.status,
    processed: payout.status === 'Completed',
    processedAt: payout.processedAt?.toISOString() ?? null,
    reason: payout.reason,
    planName: planName ?? '',
    ...(user ? { user } : {}),
  };
}
