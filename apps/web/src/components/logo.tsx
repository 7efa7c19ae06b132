import { cn } from '@/lib/cn';

/** The brand mark. Decorative: the brand name beside it carries the meaning. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('h-8 w-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M7 23V9l9 8 9-8v14"
        fill="none"
        className="stroke-primary-fg"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const BRAND_NAME = 'Meridian';
