import type { ReactNode } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';

export interface CopyableValueProps {
  /** A hash, a reference or an address; null or empty when there is none yet. */
  value: string | null;
  /** The copy button's name ("Copy transaction hash"). */
  label: string;
  testId: string;
  /** What to say when there is no value ("Not given yet"): plain words, never a dash to puzzle over. */
  missing: ReactNode;
  /** On a card (the back office): the value on a tinted chip and a written Copy button. */
  chip?: boolean;
  className?: string;
}

/** A value a person copies into another tool (a block explorer, a bank's search), whole, in monospace. */
export function CopyableValue({ value, label, testId, missing, chip = false, className }: CopyableValueProps) {
  if (!value) {
    return (
      <span className={cn('text-muted', className)} data-testid={`${testId}-missing`}>
        {missing}
      </span>
    );
  }
  return (
    <span className={cn('flex items-center gap-2', chip && 'flex-wrap', className)}>
      <code
        className={cn('min-w-0 break-all font-mono text-xs', chip && 'rounded-lg bg-surface-2 px-3 py-1.5')}
        data-testid={testId}
      >
        {value}
      </code>
      <CopyButton value={value} label={label} iconOnly={!chip} />
    </span>
  );
}
