import type { TTransactionStatus } from '@meridian/contracts/transaction-terms';
import { statusTone } from '@meridian/contracts/transaction-terms';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Badge colours: the status tones come from one map (`statusTone` in contracts). */
const tones = {
  neutral: 'border-border bg-surface-2 text-fg',
  info: 'border-primary/30 bg-primary/10 text-primary',
  success: 'border-success/30 bg-success-soft text-success',
  warning: 'border-warning/30 bg-warning-soft text-warning',
  danger: 'border-danger/30 bg-danger-soft text-danger',
} as const;
export type TBadgeTone = keyof typeof tones;

export interface BadgeProps {
  tone?: TBadgeTone;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A small label: a status, a type, a flag. The words carry the meaning, the colour only repeats it. */
export function Badge({ tone = 'neutral', icon, children, className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
    >
      {icon}
      {children}
    </span>
  );
}

/** A transaction status in its colour (Completed or Approved green, Declined or Failed red, else yellow). */
export function StatusBadge({ status, label }: { status: TTransactionStatus; label: ReactNode }) {
  return (
    <Badge tone={statusTone(status)} className="gap-1.5">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {label}
    </Badge>
  );
}
