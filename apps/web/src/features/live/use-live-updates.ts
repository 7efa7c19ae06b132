import { LIVE_TOPICS, type TLiveTopic } from '@meridian/contracts/live-terms';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshSession } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';
import { startLiveStream } from './live-stream';

/** The query-key families each topic refreshes (lib/query-keys.ts): every screen showing them follows. */
export function keysOf(topic: TLiveTopic, userId: string): QueryKey[] {
  switch (topic) {
    case 'balances':
      return [queryKeys.balance(userId), queryKeys.client(userId)];
    case 'transactions':
      // A money record: the history and its details, payouts ("trades") and signal joins are records too.
      return [queryKeys.transactions(), queryKeys.trades(), queryKeys.signals()];
    case 'notifications':
      // A price alert that fired comes with its notice: the alerts page shows it reached.
      return [queryKeys.notifications(userId), queryKeys.alerts()];
    case 'positions':
      return [queryKeys.positions()];
    case 'orders':
      return [queryKeys.orders()];
    case 'account':
      return [queryKeys.client(userId)];
  }
}

function refresh(queryClient: QueryClient, userId: string, topics: readonly TLiveTopic[]) {
  const keys = new Map<string, QueryKey>();
  for (const topic of topics) for (const key of keysOf(topic, userId)) keys.set(JSON.stringify(key), key);
  for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey });
}

const ALL_TOPICS: readonly TLiveTopic[] = LIVE_TOPICS;

/**
 * Keeps the signed-in user's balances, transactions, notifications (the bell) and positions fresh
 * while the page is open: one live stream for the tab (docs/architecture.md, "Live account updates"),
 * each change refetching what it names through the normal API. Mounted once, in the client layout.
 * Position P&L already moves with the live prices (features/market); this brings opens, closes and
 * stop-outs.
 */
export function useLiveUpdates(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startLiveStream({
        token: () => (session.get()?.user.id === userId ? session.accessToken() : null),
        renew: async () => {
          const renewed = await refreshSession();
          return renewed?.user.id === userId ? renewed.accessToken : null;
        },
        onChange: (topics) => refresh(queryClient, userId, topics),
        // Something may have changed while the stream was down: refetch what is on screen.
        onReconnect: () => refresh(queryClient, userId, ALL_TOPICS),
      }),
    [queryClient, userId],
  );
}
