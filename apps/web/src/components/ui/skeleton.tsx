import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** A grey placeholder block with a gentle pulse (none under reduced motion). Decorative. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-surface-2', className)} />;
}

export interface LoadingStatusProps {
  /** The placeholders, laid out like what is on its way. */
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A view that is loading: its placeholders, announced as busy with a "Loading..." for screen readers. */
export function LoadingStatus({ children, className, 'data-testid': testId }: LoadingStatusProps) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-busy="true" className={className} data-testid={testId}>
      <span className="sr-only">{t('loading')}</span>
      {children}
    </div>
  );
}

/** A list or table that is loading: a few placeholder rows and a "Loading..." for screen readers. */
export function SkeletonList({ rows = 5, className }: { rows?: number; className?: string }) {
  return (
    <LoadingStatus className={cn('space-y-3', className)} data-testid="loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-14 w-full rounded-xl" />
      ))}
    </LoadingStatus>
  );
}

/** A card grid that is loading: three placeholder cards of the given height (e.g. `h-44`), laid out as `CardGrid`. */
export function SkeletonCards({ height, count = 3 }: { height: string; count?: number }) {
  return (
    <LoadingStatus className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={cn('rounded-2xl', height)} />
      ))}
    </LoadingStatus>
  );
}
