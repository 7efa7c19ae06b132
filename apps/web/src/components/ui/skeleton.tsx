import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** A grey placeholder block with a gentle pulse (none under reduced motion). Decorative. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-surface-2', className)} />;
}

/** A list or table that is loading: a few placeholder rows and a "Loading..." for screen readers. */
export function SkeletonList({ rows = 5, className }: { rows?: number; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-busy="true" className={cn('space-y-3', className)} data-testid="loading">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  );
}
