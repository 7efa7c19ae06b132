import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** A page whose words come from the operator content file, while that file loads. */
export function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <div className="border-b border-border bg-surface">
        <div className="mx-auto max-w-6xl space-y-4 px-4 py-12 sm:px-6 sm:py-16">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-72 max-w-full" />
          <Skeleton className="h-6 w-96 max-w-full" />
        </div>
      </div>
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-12 sm:px-6">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}
