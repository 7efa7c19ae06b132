import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-primary text-primary-fg hover:bg-primary-hover',
  secondary: 'bg-surface-2 text-fg hover:bg-border',
  outline: 'border border-border bg-transparent text-fg hover:bg-surface-2',
  ghost: 'bg-transparent text-fg hover:bg-surface-2',
  danger: 'bg-danger text-white hover:opacity-90 dark:text-bg',
  /** Destructive actions beside others (Delete, Reject): the outline and ghost shapes in the danger colour. */
  dangerOutline: 'border border-border bg-transparent text-danger hover:bg-danger-soft',
  dangerGhost: 'bg-transparent text-danger hover:bg-danger-soft',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

/** The look of a button: its colours (`variant`) and its height and padding (`size`). */
export interface TButtonLook {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/**
 * The classes of a button with `look`, for an element that acts otherwise but must look like one: a
 * link (ButtonLink, or an `<a>` to another site).
 */
export function buttonClasses({ variant = 'primary', size = 'md' }: TButtonLook, className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, TButtonLook {
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  loading = false,
  className,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size }, className);
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
}
