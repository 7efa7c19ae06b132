import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TableColumn<T> {
  /** Stable key of the column. */
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for the cell (e.g. 'text-right tabular-nums'). */
  className?: string;
  /** Leave the column out of the small-screen card (e.g. when the card title already shows it). */
  hideInCard?: boolean;
}

export interface TableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Buttons for one row: the last column of the table (where room is short), the foot of the card. */
  actions?: (row: T, layout: 'table' | 'card') => ReactNode;
  actionsHeader?: ReactNode;
  /** The heading line of a card (below `md`). */
  cardTitle?: (row: T) => ReactNode;
  className?: string;
  /** `data-testid` prefix for rows and cards. */
  testId?: string;
  /**
   * From which width the table shows (below it, cards). `md` by default; a wide table takes `xl`
   * so it never scrolls sideways beside the sidebar, and its cards then sit two to a row.
   */
  tableFrom?: 'md' | 'lg' | 'xl';
}

const BREAKPOINTS = {
  md: { table: 'hidden md:block', cards: 'space-y-3 md:hidden' },
  lg: { table: 'hidden lg:block', cards: 'grid gap-3 sm:grid-cols-2 lg:hidden' },
  xl: { table: 'hidden xl:block', cards: 'grid gap-3 sm:grid-cols-2 xl:hidden' },
} as const;

/**
 * A data table from `md` up; below it every row becomes a card listing the columns as label and
 * value, so nothing needs sideways scrolling on a phone.
 */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  actionsHeader,
  cardTitle,
  className,
  testId = 'row',
  tableFrom = 'md',
}: TableProps<T>) {
  const layout = BREAKPOINTS[tableFrom];
  return (
    <div className={className}>
      {/* Positioned, so what a cell places absolutely (a screen reader's sr-only text) scrolls with the
          table instead of widening the page when the table is wider than its room. */}
      <div className={cn('relative overflow-x-auto rounded-2xl border border-border bg-surface', layout.table)}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-border bg-surface-2/60 text-xs uppercase tracking-wide text-muted">
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={cn('px-3 py-3 font-semibold', column.className)}>
                  {column.header}
                </th>
              ))}
              {actions && (
                <th scope="col" className="px-3 py-3 text-right font-semibold">
                  {actionsHeader}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-surface-2/40" data-testid={testId}>
                {columns.map((column) => (
                  <td key={column.id} className={cn('px-3 py-3 align-middle text-fg', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td className="px-3 py-3">
                    <div className="flex justify-end gap-1">{actions(row, 'table')}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} className={layout.cards}>
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className="rounded-2xl border border-border bg-surface p-4"
            data-testid={`${testId}-card`}
          >
            {cardTitle && <div className="mb-3 font-semibold text-fg">{cardTitle(row)}</div>}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {columns
                .filter((column) => !column.hideInCard)
                .map((column) => (
                  <div key={column.id} className="contents">
                    <dt className="text-muted">{column.header}</dt>
                    <dd className="min-w-0 justify-self-end text-right text-fg">{column.cell(row)}</dd>
                  </div>
                ))}
            </dl>
            {actions && (
              <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-3">{actions(row, 'card')}</div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
