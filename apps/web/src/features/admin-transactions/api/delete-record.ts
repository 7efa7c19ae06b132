import type { TTransaction } from '@meridian/contracts/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deletePath } from '../utils/record-rules';
import { invalidateRecord } from './invalidate-record';

/** DELETE /api/{deposit|withdrawal|transaction}/{id} → `{ message }`; 409 when the record moved money. */
export function deleteRecord(record: Pick<TTransaction, 'id' | 'type'>): Promise<{ message: string }> {
  return api<{ message: string }>(deletePath(record), { method: 'DELETE' });
}

export function useDeleteRecord(record: Pick<TTransaction, 'id' | 'type' | 'userId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRecord(record),
    onSuccess: () => invalidateRecord(queryClient, record, { deleted: true }),
  });
}
