import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A position's figures as label and value, one a row: the review before it opens and its page. */
export function PositionFacts({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn('divide-y divide-border', className)}>{children}</dl>;
}

/** One figure: its label, its value (at the end from `sm`), and an optional line under the value. */
export function PositionFact({
  label,
  children,
  note,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  /** Says more about the value (how it was worked out, how far it is). */
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="grid gap-1 py-3 text-sm sm:grid-cols-[minmax(9rem,auto)_1fr] sm:gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-fg sm:text-right" data-testid={testId}>
        <span className="font-medium tabular-nums">{children}</span>
        {note && <span className="block text-xs text-muted">{note}</span>}
      </dd>
    </div>
  );
}
