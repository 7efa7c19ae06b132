import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A page of an area whose code or words are still on their way: its heading and a few blocks,
 * inside the frame. Small and kept apart from the frame's code: the route tree (in the entry)
 * names it as the pages' first-load fallback.
 */
export function ShellPageLoading() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-busy="true" className="mx-auto max-w-7xl space-y-6" data-testid="page-loading">
      <span className="sr-only">{t('loading')}</span>
      <Skeleton className="h-8 w-56 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl max-xl:hidden" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}
