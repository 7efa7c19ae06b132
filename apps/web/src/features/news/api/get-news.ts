import { getNews as getNewsEndpoint } from '@meridian/contracts/endpoints/news';
import { NEWS_REFRESH_MS } from '@meridian/contracts/news';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/crypto-news: the latest market news (empty, with `configured: false`, when no provider is set up). */
export function getNews(signal?: AbortSignal) {
  return call(getNewsEndpoint, {}, { signal, auth: false });
}

/** The server refreshes the news at most once a minute, so the browser need not ask more. */
export const newsQuery = () =>
  queryOptions({
    queryKey: queryKeys.news(),
    queryFn: ({ signal }) => getNews(signal),
    staleTime: NEWS_REFRESH_MS,
    retry: 1,
  });

export function useNews() {
  return useQuery(newsQuery());
}
