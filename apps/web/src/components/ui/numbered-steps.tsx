import { cn } from '@/lib/cn';

/** Steps to follow in order, each after its number in a small circle. */
export function NumberedSteps({ steps, className }: { steps: readonly string[]; className?: string }) {
  return (
    <ol className={cn('text-sm', className)}>
      {steps.map((step, index) => (
        <li key={step} className="flex gap-3">
          <span
            aria-hidden="true"
            className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
          >
            {index + 1}
          </span>
          <span className="pt-0.5">{step}</span>
        </li>
      ))}
    </ol>
  );
}
