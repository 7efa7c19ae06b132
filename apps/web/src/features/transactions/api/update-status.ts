import { setDepositStatus } from '@meridian/contracts/endpoints/deposits';
import { setInvestmentStatus } from '@meridian/contracts/endpoints/investments';
import { setWithdrawalStatus } from '@meridian/contracts/endpoints/withdrawals';
import type { TMessage } from '@meridian/contracts/errors';
import type { TInvestmentStatus } from '@meridian/contracts/investments';
import type { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@meridian/contracts/transaction-terms';
import type { TTransaction, TTransactionStatusChoice } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '@/lib/api-client';
import { IdempotentSubmission } from '@/lib/idempotency';
import type { TStatusKind } from '../utils/record-rules';
import { invalidateRecord } from './invalidate-record';

/** A status the record's dialog offers (its rule's options). */
export type TStatusChoice = TTransactionStatusChoice;

/** The decision: a status, and for a completed withdrawal the payout's hash or reference when known. */
export interface TStatusDecision {
  status: TStatusChoice;
  reference?: string | undefined;
}

/**
 * Sets a record's status through its own area's call: a deposit's, a withdrawal's or an
 * investment's. Each decision may move money (completing a deposit or withdrawal, declining an
 * investment) or schedule payouts (approving one), so the call carries the submission's
 * Idempotency-Key. Answers the server's message: completing a large withdrawal answers "Sent for
 * approval" instead (docs/money.md, "Four-eyes approval"), and the withdrawal stays Pending.
 */
export async function updateStatus(
  kind: TStatusKind,
  id: string,
  { status, reference }: TStatusDecision,
  idempotencyKey: string,
): Promise<TMessage> {
  const options = { idempotencyKey };
  switch (kind) {
    case 'deposit': {
      const body = { status: status as (typeof DEPOSIT_STATUSES)[number] };
      return call(setDepositStatus, { params: { id }, body }, options);
    }
    case 'withdrawal': {
      const body = {
        status: status as (typeof WITHDRAWAL_STATUSES)[number],
        ...(reference ? { reference } : {}),
      };
      return call(setWithdrawalStatus, { params: { id }, body }, options);
    }
    case 'investment': {
      const body = { status: status as TInvestmentStatus };
      return call(setInvestmentStatus, { params: { id }, body }, options);
    }
  }
}

export function useUpdateStatus(kind: TStatusKind, record: Pick<TTransaction, 'id' | 'userId'>) {
  const queryClient = useQueryClient();
  const [submission] = useState(() => new IdempotentSubmission());
  return useMutation({
    mutationFn: (decision: TStatusDecision) =>
      updateStatus(
        kind,
        record.id,
        decision,
        submission.keyFor(`${record.id}:${decision.status}:${decision.reference ?? ''}`),
      ),
    onSettled: (_data, error) => {
      submission.settle(error ?? undefined);
      return invalidateRecord(queryClient, record, { investment: kind === 'investment' });
    },
  });
}
