import {
  getWatchlist as getWatchlistEndpoint,
  setWatchlist as setWatchlistEndpoint,
} from '@meridian/contracts/endpoints/watchlist';
import type { TPair } from '@meridian/contracts/pairs';
import type { TWatchlist } from '@meridian/contracts/watchlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/watchlist: the signed-in client's pairs, in their order. */
export function useWatchlist() {
  return useQuery({
    queryKey: queryKeys.watchlist(),
    queryFn: ({ signal }) => call(getWatchlistEndpoint, {}, { signal }),
  });
}

/**
 * PUT /api/watchlist: the whole list in its new order. Shown at once, before the answer (the list is
 * the client's own choice, nobody else changes it), so a second move right after the first starts
 * from the first's result; when a save fails the list is read again from the server, which holds the
 * last one that was saved.
 */
export function useSaveWatchlist(onFailure: () => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (pairs: TPair[]) => call(setWatchlistEndpoint, { body: { pairs } }),
    onError: () => {
      onFailure();
      return queryClient.invalidateQueries({ queryKey: queryKeys.watchlist() });
    },
  });
  return (pairs: TPair[]) => {
    void queryClient.cancelQueries({ queryKey: queryKeys.watchlist() });
    queryClient.setQueryData<TWatchlist>(queryKeys.watchlist(), { pairs });
    mutation.mutate(pairs);
  };
}
