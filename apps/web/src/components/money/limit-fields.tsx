import { TextField, type TextFieldProps } from '@/components/ui/field';

/**
 * A minimum and a maximum amount side by side, in dollars with cents (a method's or a plan's limits).
 * Each side takes its label, error and the form's registration.
 */
export function LimitFields({ min, max }: { min: TextFieldProps; max: TextFieldProps }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField type="number" inputMode="decimal" step="0.01" min="0" {...min} />
      <TextField type="number" inputMode="decimal" step="0.01" min="0" {...max} />
    </div>
  );
}
