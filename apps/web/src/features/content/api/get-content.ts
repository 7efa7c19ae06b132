import type { TPublicActivity, TPublicContent, TPublicStats } from '@meridian/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

/** The server caches these for a minute; the browser need not ask more often. */
const MINUTE_MS = 60_000;

export const contentKeys = {
  content: (language: string) => ['public', 'content', language] as const,
  stats: () => ['public', 'stats'] as const,
  activity: () => ['public', 'activity'] as const,
};

/** GET /api/content?lang=: the operator content file (brand, copy, team, testimonials, rating) in one language. */
export function getContent(language: string, signal?: AbortSignal): Promise<TPublicContent> {
  return api<TPublicContent>(`/content?lang=${encodeURIComponent(language)}`, { signal, auth: false });
}

/** The operator content in the reader's language; an absent part is null or empty and is not shown. */
export function useContent() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: contentKeys.content(language),
    queryFn: ({ signal }) => getContent(language, signal),
    staleTime: MINUTE_MS,
  });
}

/** GET /api/public/stats: figures the platform computes (open accounts, countries, uptime). */
export function usePublicStats() {
  return useQuery({
    queryKey: contentKeys.stats(),
    queryFn: ({ signal }) => api<TPublicStats>('/public/stats', { signal, auth: false }),
    staleTime: MINUTE_MS,
  });
}

/** GET /api/public/activity: real recent events, anonymised; empty when nothing happened lately. */
export function usePublicActivity() {
  return useQuery({
    queryKey: contentKeys.activity(),
    queryFn: ({ signal }) => api<TPublicActivity>('/public/activity', { signal, auth: false }),
    staleTime: MINUTE_MS,
    refetchInterval: MINUTE_MS,
  });
}
