import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export interface CardProps {
  title?: ReactNode;
  icon?: LucideIcon;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled panel; the title names the section for screen readers. */
export function Card({ title, icon: Icon, actions, className, children }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cn('rounded-2xl border border-border bg-surface p-5', className)}
    >
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title && (
            <h2 id={titleId} className="flex items-center gap-2 font-semibold text-fg">
              {Icon && <Icon className="h-4 w-4 text-primary" aria-hidden="true" />}
              {title}
            </h2>
          )}
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** One label and value of a `<dl>`; `wide` spans the whole row of a grid. */
export function DetailItem({
  label,
  wide = false,
  className,
  children,
}: {
  label: ReactNode;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-full', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-sm text-fg">{children}</dd>
    </div>
  );
}
