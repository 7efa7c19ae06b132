import type { TPayoutTxInput } from '@meridian/contracts/chain-payouts';
import { getPayoutTx, recordPayoutTx } from '@meridian/contracts/endpoints/chain-payouts';
import type { TTransaction } from '@meridian/contracts/transactions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateRecord } from './invalidate-record';

/**
 * A withdrawal's standing on chain (docs/money.md, "Withdrawals paid on chain"), cached under its
 * record: the client's live `transactions` changes refresh it with the record as it confirms.
 */
export const withdrawalPayoutKey = (id: string) => [...queryKeys.transaction(id), 'payout'] as const;

/** While a payout confirms, the back office (which has no live stream of the client) looks again this often. */
const CONFIRMING_REFRESH_MS = 15_000;

export const withdrawalPayoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: withdrawalPayoutKey(id),
    queryFn: ({ signal }) => call(getPayoutTx, { params: { id } }, { signal }),
    refetchInterval: (query) => (query.state.data?.payout?.status === 'confirming' ? CONFIRMING_REFRESH_MS : false),
  });

export function useWithdrawalPayout(id: string, enabled = true) {
  return useQuery({ ...withdrawalPayoutQueryOptions(id), enabled });
}

/** Staff record the transaction that paid a pending withdrawal on a watched method. */
export function useRecordPayoutTx(record: Pick<TTransaction, 'id' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPayoutTxInput) => call(recordPayoutTx, { params: { id: record.id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(withdrawalPayoutKey(record.id), { watched: true, payout: answer.payout });
      invalidateRecord(queryClient, record);
    },
  });
}
