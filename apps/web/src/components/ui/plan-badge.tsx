import { planColour, type TPlanColour } from '@meridian/contracts/investments';
import { cn } from '@/lib/cn';

/** Each known plan's colour, readable in both themes; any other plan gets the neutral one. */
const badgeColours: Record<TPlanColour, string> = {
  blue: 'border-blue-600/30 bg-blue-500/10 text-blue-700 dark:border-blue-400/30 dark:text-blue-300',
  violet: 'border-violet-600/30 bg-violet-500/10 text-violet-700 dark:border-violet-400/30 dark:text-violet-300',
  amber: 'border-amber-600/30 bg-amber-500/10 text-amber-800 dark:border-amber-400/30 dark:text-amber-300',
  neutral: 'border-border bg-surface-2 text-fg',
};

/** The plan's accent colour as a background (a card's top edge, a dot); decorative. */
export const planAccent: Record<TPlanColour, string> = {
  blue: 'bg-blue-500',
  violet: 'bg-violet-500',
  amber: 'bg-amber-500',
  neutral: 'bg-border',
};

/** A plan's name in its own colour (Basic Plan blue, Standard Plan violet, Premium Plan amber); the name carries the meaning. */
export function PlanBadge({ name, className }: { name: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        badgeColours[planColour(name)],
        className,
      )}
      data-testid="plan-badge"
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 rounded-full bg-current" />
      <span className="truncate">{name}</span>
    </span>
  );
}
