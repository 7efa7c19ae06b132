import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { BRAND_NAME } from '@/components/logo';

/** What a route inside a shell declares in its `handle`: the key of its title in the `shell` namespace. */
export interface TShellHandle {
  titleKey: string;
}

function isShellHandle(handle: unknown): handle is TShellHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as TShellHandle).titleKey === 'string';
}

/** The title of the deepest matched route that declares one, translated; '' when none does. */
export function useShellTitle(): string {
  const { t } = useTranslation('shell');
  const matches = useMatches();
  const handle = matches.findLast((match) => isShellHandle(match.handle))?.handle;
  return isShellHandle(handle) ? t(handle.titleKey) : '';
}

/** Names the browser tab after the page, so history entries and screen readers tell pages apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
