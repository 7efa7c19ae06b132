import { NEWS_REFRESH_MS, type TNewsFeed } from '@meridian/contracts/news';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/crypto-news: the server refreshes it at most once a minute, so the browser need not ask more. */
export const newsQuery = () =>
  queryOptions({
    queryKey: ['public', 'news'],
    queryFn: ({ signal }) => api<TNewsFeed>('/crypto-news', { signal, auth: false }),
    staleTime: NEWS_REFRESH_MS,
    retry: 1,
  });

export function useNews() {
  return useQuery(newsQuery());
}
