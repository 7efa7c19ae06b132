import { deleteDeposit } from '@meridian/contracts/endpoints/deposits';
import { deleteTransaction } from '@meridian/contracts/endpoints/transactions';
import { deleteWithdrawal } from '@meridian/contracts/endpoints/withdrawals';
import type { TTransaction } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { recordArea } from '../utils/record-rules';
import { invalidateRecord } from './invalidate-record';

/** Deletes a record through its own area's call; refused (409) when the record moved money. */
export function deleteRecord(record: Pick<TTransaction, 'id' | 'type'>) {
  const input = { params: { id: record.id } };
  switch (recordArea(record)) {
    case 'deposit':
      return call(deleteDeposit, input);
    case 'withdrawal':
      return call(deleteWithdrawal, input);
    case 'transaction':
      return call(deleteTransaction, input);
  }
}

export function useDeleteRecord(record: Pick<TTransaction, 'id' | 'type' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRecord(record),
    onSuccess: () => invalidateRecord(queryClient, record, { deleted: true }),
  });
}
