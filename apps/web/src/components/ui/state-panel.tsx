import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Each kind of panel's frame, and the circle around its icon. */
const TONES = {
  empty: { frame: 'border border-dashed border-border bg-surface py-12', circle: 'bg-surface-2 text-muted' },
  error: { frame: 'border border-danger/30 bg-danger-soft/40 py-10', circle: 'bg-danger-soft text-danger' },
} as const;

export interface StatePanelProps {
  /** What the panel says: nothing to show, or a failure (announced at once). */
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** Below the words: the way on (a button or a link), if any. */
  children?: ReactNode;
  className?: string | undefined;
}

/** The frame `EmptyState` and `ErrorState` share: an icon in a circle, a title and a few words, centred. */
export function StatePanel({ tone, icon: Icon, title, description, children, className }: StatePanelProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn('flex flex-col items-center rounded-2xl px-6 text-center', TONES[tone].frame, className)}
      data-testid={`${tone}-state`}
    >
      <span className={cn('mb-3 grid h-12 w-12 place-items-center rounded-full', TONES[tone].circle)}>
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-fg">{title}</p>
      {description && <p className="mt-1 max-w-md text-sm text-muted">{description}</p>}
      {children}
    </div>
  );
}
