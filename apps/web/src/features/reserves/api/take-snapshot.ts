import { takeReserveSnapshot as endpoint } from '@meridian/contracts/endpoints/reserves';
import type { TReserveSnapshotAnswer } from '@meridian/contracts/reserves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reserveKeys } from './reserve-keys';

/** POST /api/admin/reserves/snapshots → 201 `{ message, snapshot }`: the chain is read, the root published. */
export function takeSnapshot(): Promise<TReserveSnapshotAnswer> {
  return call(endpoint, {});
}

/** Take a snapshot: every view of the reserves and the audit log change. */
export function useTakeSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeSnapshot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reserveKeys.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit() });
    },
  });
}
