import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Pager } from './pager';
import { QueryView } from './query-view';
import { SkeletonList } from './skeleton';

export interface PageHeaderProps {
  /** The page's one `h1`. */
  title: ReactNode;
  /** Beside the title (e.g. a count). */
  badge?: ReactNode;
  /** The line under the title. */
  subtitle?: ReactNode;
  /** Buttons or a status at the end of the title row (e.g. "Create New Method"). */
  actions?: ReactNode;
  /** Under the title row, still in the header (e.g. the tabs between sibling lists). */
  below?: ReactNode;
}

/** The head of a page: its title, the line under it, its actions beside them and what goes under them. */
export function PageHeader({ title, badge, subtitle, actions, below }: PageHeaderProps) {
  const h1 = <h1 className="text-2xl font-semibold text-fg">{title}</h1>;
  const heading = (
    <div className="min-w-0">
      {badge !== undefined ? (
        <div className="flex flex-wrap items-center gap-3">
          {h1}
          {badge}
        </div>
      ) : (
        h1
      )}
      {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
    </div>
  );
  return (
    <header className={cn(below !== undefined && 'space-y-4')}>
      {actions !== undefined ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {below}
    </header>
  );
}

const WIDTHS = { md: 'max-w-4xl', lg: 'max-w-6xl', xl: 'max-w-7xl' } as const;

export interface ListPaging<TData> {
  /** 1-based, usually from `usePageParam`. */
  page: number;
  onPageChange: (page: number) => void;
  totalPage: (data: TData) => number;
}

export interface ListPageProps<TData, TError> extends PageHeaderProps {
  /** Above the header: the way back (`BackButton`). */
  back?: ReactNode;
  query: UseQueryResult<TData, TError>;
  /** How wide the page grows: `lg` (most lists) by default. */
  width?: keyof typeof WIDTHS;
  /** Between the header and the list: filters, a search box, a note. */
  toolbar?: ReactNode;
  /** Shown while the first answer is on its way: six placeholder rows by default. */
  loading?: ReactNode;
  /** The spec's words for the failure; the error state offers "Try again". */
  errorTitle: ReactNode;
  isEmpty: (data: TData) => boolean;
  empty: ReactNode;
  /** A paged list: the pager under it, and the list marked busy while the next page is on its way. */
  paging?: ListPaging<TData>;
  /** What the page opens over itself (its dialogs). */
  dialogs?: ReactNode;
  /** The list itself. */
  children: (data: TData) => ReactNode;
}

/**
 * A list screen: the header, then the list with its loading, empty, error (with retry) and
 * success states, and the pager when it is paged. Pages compose it with their own rows or cards.
 */
export function ListPage<TData, TError>({
  back,
  title,
  badge,
  subtitle,
  actions,
  below,
  query,
  width = 'lg',
  toolbar,
  loading = <SkeletonList rows={6} />,
  errorTitle,
  isEmpty,
  empty,
  paging,
  dialogs,
  children,
}: ListPageProps<TData, TError>) {
  return (
    <div className={cn('mx-auto space-y-6', WIDTHS[width])}>
      {back}
      <PageHeader title={title} badge={badge} subtitle={subtitle} actions={actions} below={below} />
      {toolbar}
      <QueryView query={query} loading={loading} errorTitle={errorTitle} isEmpty={isEmpty} empty={empty}>
        {(data) =>
          paging ? (
            <div aria-busy={query.isPlaceholderData || undefined}>
              {children(data)}
              <Pager page={paging.page} totalPage={paging.totalPage(data)} onPageChange={paging.onPageChange} />
            </div>
          ) : (
            children(data)
          )
        }
      </QueryView>
      {dialogs}
    </div>
  );
}

export interface CardGridProps<T> {
  /** Names the list for screen readers. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
}

/** A list of cards, one column on a phone and up to three on a wide screen (`SkeletonCards` while it loads). */
export function CardGrid<T>({ label, items, itemKey, children }: CardGridProps<T>) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}
