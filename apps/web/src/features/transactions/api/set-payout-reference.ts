import { setWithdrawalReference } from '@meridian/contracts/endpoints/withdrawals';
import type { TPayoutReferenceInput, TTransaction } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateRecord } from './invalidate-record';

/** Records or corrects the payout hash or reference of a completed withdrawal (the back office). */
export function setPayoutReference(id: string, body: TPayoutReferenceInput) {
  return call(setWithdrawalReference, { params: { id }, body });
}

/** The record changes (its lists and page) and the audit log gains an entry; no money moves. */
export function useSetPayoutReference(record: Pick<TTransaction, 'id' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPayoutReferenceInput) => setPayoutReference(record.id, body),
    onSuccess: () => invalidateRecord(queryClient, record),
  });
}
