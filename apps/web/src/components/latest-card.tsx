import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from './ui/empty-state';
import { ErrorState } from './ui/error-state';
import { SkeletonList } from './ui/skeleton';

export interface LatestCardProps<TItem> {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** The full list's page. */
  viewAll: { to: string; label: ReactNode };
  /** The latest records, at most `rows` of them; `items` reads them from the query's answer. */
  query: UseQueryResult<unknown>;
  items: readonly TItem[];
  rows: number;
  errorTitle: ReactNode;
  empty: { icon: LucideIcon; title: ReactNode; description?: ReactNode };
  children: (items: readonly TItem[]) => ReactNode;
}

/**
 * A dashboard card of the latest few records (positions, movements): its title, View all, and the
 * list with its loading, error and empty states.
 */
export function LatestCard<TItem>({
  id,
  title,
  viewAll,
  query,
  items,
  rows,
  errorTitle,
  empty,
  children,
}: LatestCardProps<TItem>) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-surface">
      <div className="flex items-center justify-between gap-3 px-4 pt-5 pb-3 sm:px-6">
        <h2 id={id} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        <Link
          to={viewAll.to}
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {viewAll.label}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {query.isPending ? (
        <SkeletonList rows={rows} className="px-4 pb-5 sm:px-6" />
      ) : query.isError ? (
        <div className="px-4 pb-5 sm:px-6">
          <ErrorState title={errorTitle} onRetry={() => query.refetch()} retrying={query.isFetching} />
        </div>
      ) : items.length === 0 ? (
        <div className="px-4 pb-5 sm:px-6">
          <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
        </div>
      ) : (
        children(items)
      )}
    </section>
  );
}
