import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { LoadingStatus, Skeleton } from './skeleton';

const COLUMNS = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as const;

const gridOf = (columns: keyof typeof COLUMNS) => cn('grid grid-cols-2 gap-3 sm:gap-4', COLUMNS[columns]);

/** A page's headline figures (totals, a plan, what is due): named for screen readers, two a row, more from `lg`. */
export function SummaryFigures({
  title,
  columns,
  testId,
  children,
}: {
  /** Heard, not seen: the cards say what they are. */
  title: string;
  columns: keyof typeof COLUMNS;
  testId: string;
  /** `SummaryFigure`s. */
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="sr-only">
        {title}
      </h2>
      <dl className={gridOf(columns)} data-testid={testId}>
        {children}
      </dl>
    </section>
  );
}

/** One headline figure: its icon and label over the value, in a card; `wide` spans both columns below `lg`. */
export function SummaryFigure({
  label,
  icon: Icon,
  testId,
  wide = false,
  children,
}: {
  label: string;
  icon: LucideIcon;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    // A dl may hold only dt/dd groups (each in one div), so the icon sits inside the term.
    <div
      className={cn('rounded-2xl border border-border bg-surface p-4 sm:p-5', wide && 'col-span-2 lg:col-span-1')}
      data-testid={testId}
    >
      <dt className="flex items-center gap-2 text-sm text-muted">
        <Icon className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="truncate">{label}</span>
      </dt>
      <dd className="mt-2 truncate text-lg font-semibold text-fg sm:text-xl">{children}</dd>
    </div>
  );
}

/** A page of headline figures over a list, while it loads: a placeholder for each figure, laid out as `SummaryFigures`, then one for the list. */
export function SummaryFiguresLoading({ figures, columns }: { figures: number; columns: keyof typeof COLUMNS }) {
  return (
    <LoadingStatus className="space-y-4" data-testid="loading">
      <div className={gridOf(columns)}>
        {Array.from({ length: figures }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-64 w-full rounded-2xl" />
    </LoadingStatus>
  );
}
