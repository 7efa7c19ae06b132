import { cn } from '@/lib/cn';

export interface TChoice<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A small set of mutually exclusive views (a chart's period, what it measures): toggle buttons in a
 * named group, the chosen one pressed. Buttons rather than a select, so each choice is one tap away.
 */
export function ChoiceButtons<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  testId,
}: {
  /** Heard, not seen: what the buttons choose. */
  legend: string;
  choices: readonly TChoice<T>[];
  value: T;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-1" data-testid={testId}>
      <legend className="sr-only">{legend}</legend>
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
          className={cn(
            'rounded-lg px-3 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
            choice.value === value ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          {choice.label}
        </button>
      ))}
    </fieldset>
  );
}
