import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from '@/lib/cn';

const control =
  'block w-full rounded-lg border bg-surface px-3 text-sm text-fg placeholder:text-muted ' +
  'focus:border-primary focus:outline-none focus:ring-2 focus:ring-ring/40 disabled:opacity-60';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, then the error (announced) or a hint. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
}

export function TextField({ label, error, hint, trailing, className, id, ...props }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
          className={cn(control, 'h-10', error ? 'border-danger' : 'border-border', trailing && 'pr-11', className)}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
    </FieldShell>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A native select: the best keyboard, screen-reader and phone behaviour for long lists. */
export function SelectField({ label, error, hint, className, id, children, ...props }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={cn(control, 'h-10', error ? 'border-danger' : 'border-border', className)}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A multi-line text input with its label and error. */
export function TextAreaField({ label, error, hint, className, id, rows = 3, ...props }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={cn(control, 'resize-y py-2', error ? 'border-danger' : 'border-border', className)}
        {...props}
      />
    </FieldShell>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The words beside the box; they may hold a link (to the text being accepted). */
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its words to the right and, below them, the error (announced) when it must be ticked. */
export function CheckboxField({ label, error, className, id, ...props }: CheckboxFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-2.5">
        <input
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={cn('mt-0.5 h-4 w-4 shrink-0 rounded accent-primary', className)}
          {...props}
        />
        <label htmlFor={fieldId} className="text-sm leading-snug text-fg">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="pl-6.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
