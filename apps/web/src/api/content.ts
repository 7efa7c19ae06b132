import type { TLegalDocumentName } from '@meridian/contracts/content';
import { getContent as getContentEndpoint, getLegalDocument } from '@meridian/contracts/endpoints/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The server caches it for a minute; the browser need not ask more often. */
const MINUTE_MS = 60_000;

/** GET /api/content?lang=: the operator content file (brand, copy, team, testimonials, rating) in one language. */
export function getContent(language: string, signal?: AbortSignal) {
  return call(getContentEndpoint, { query: { lang: language } }, { signal, auth: false });
}

export const contentQuery = (language: string) =>
  queryOptions({
    queryKey: queryKeys.content(language),
    queryFn: ({ signal }) => getContent(language, signal),
    staleTime: MINUTE_MS,
  });

/** The operator content in the reader's language; an absent part is null or empty and is not shown. */
export function useContent() {
  const { i18n } = useTranslation();
  return useQuery(contentQuery(i18n.resolvedLanguage ?? i18n.language));
}

/** GET /api/content/legal/:document?lang=: the terms or the risk disclosure, with the version a sign-up records. */
export function getLegal(document: TLegalDocumentName, language: string, signal?: AbortSignal) {
  return call(getLegalDocument, { params: { document }, query: { lang: language } }, { signal, auth: false });
}

/** The terms or the risk disclosure in the reader's language. */
export function useLegalDocument(document: TLegalDocumentName) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: queryKeys.legal(document, language),
    queryFn: ({ signal }) => getLegal(document, language, signal),
    staleTime: MINUTE_MS,
  });
}
