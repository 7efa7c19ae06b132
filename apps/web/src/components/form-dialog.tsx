import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { FieldValues, Path, SubmitHandler, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { Alert } from './ui/alert';
import { Button, type ButtonProps } from './ui/button';
import { Dialog } from './ui/dialog';

/** A decision dialog closes 2 seconds after it succeeded, as status dialogs do. */
export const CLOSE_AFTER_MS = 2000;

export interface FormDialogSubmitOptions<TValues extends FieldValues, TAnswer> {
  /** The mutation's state: pending locks the dialog, success ends it. */
  mutation: { isPending: boolean; isSuccess: boolean };
  /** Sends the checked values (the mutation's `mutateAsync`, or a call built on it). */
  send: (values: TValues) => Promise<TAnswer>;
  /** The form's `setError` and the fields a refusal may name: those land on their field. */
  setError: UseFormSetError<TValues>;
  fields: readonly Path<TValues>[];
  /** The words for a failure ('Failed to reject trade', or the server's reason). */
  failedText: (error: unknown) => string;
  /** After success, before closing: a toast, most often. */
  onSuccess?: (answer: TAnswer) => void;
  onClose: () => void;
  /** How long the success stays in view before the dialog closes; 0 closes it at once. */
  closeAfterMs?: number;
  /** A failure is also a toast (the back office's dialogs), besides the alert or the field error. */
  toastFailure?: boolean;
}

/**
 * The life of a form dialog's submit: one call at a time (no double submit while it runs, none after
 * success), a refusal's fields put on the form's own fields and anything else in the dialog's alert,
 * and the dialog closed after success (`closeAfterMs` later).
 */
export function useFormDialogSubmit<TValues extends FieldValues, TAnswer>({
  mutation,
  send,
  setError,
  fields,
  failedText,
  onSuccess,
  onClose,
  closeAfterMs = CLOSE_AFTER_MS,
  toastFailure = true,
}: FormDialogSubmitOptions<TValues, TAnswer>) {
  const [failure, setFailure] = useState<string | null>(null);
  const placeFieldErrors = useServerFieldErrors(setError, fields);
  const busy = mutation.isPending;
  const done = mutation.isSuccess && closeAfterMs > 0;
  useAfterDelay(done, closeAfterMs, onClose);

  const onSubmit: SubmitHandler<TValues> = async (values) => {
    if (busy || done) return;
    setFailure(null);
    try {
      const answer = await send(values);
      onSuccess?.(answer);
      if (closeAfterMs === 0) onClose();
    } catch (err) {
      const message = failedText(err);
      if (!placeFieldErrors(err)) setFailure(message);
      if (toastFailure) toast.error(message);
    }
  };
  return { failure, busy, done, onSubmit };
}

/** Where a form dialog's call stands: running, succeeded (about to close), or refused with these words. */
export interface TFormDialogState {
  busy: boolean;
  done: boolean;
  failure: string | null;
}

export interface FormDialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** The form's test id. */
  testId?: string;
  /** The dialog's state, from `useFormDialogSubmit`. */
  state: TFormDialogState;
  /** What the success alert says while the dialog is about to close. */
  doneText?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Closing is refused while the call runs. */
  onClose: () => void;
  submitLabel: ReactNode;
  submitVariant?: ButtonProps['variant'];
  submitTestId?: string;
  /** The submit button waits for something besides the call (the deposit's countdown). */
  submitDisabled?: boolean;
  submitClassName?: string;
  /** What the decision is about (facts, a note), above the fields. */
  intro?: ReactNode;
  /** The fields. */
  children: ReactNode;
  /** Small print below the fields: what happens next. */
  note?: ReactNode;
  /** Shown in place of the form once the call succeeded, until the dialog closes: what to do next. */
  success?: ReactNode;
  /** Shown in place of the form while something it needs loads (the country names of a person's form). */
  loading?: ReactNode;
  /** The dialog's width where the default is too narrow. */
  className?: string;
}

/**
 * The frame of a form dialog: title, what it is about, the fields, the failure or success alert, and
 * Cancel (Close once done) beside the submit button, which stay in view while a long form scrolls.
 * The outcome stands right above the button that asked for it, where the reader's eyes are, even in a
 * dialog taller than a phone's screen. It cannot be closed while its call runs.
 */
export function FormDialog({
  title,
  description,
  testId,
  state: { busy, done, failure },
  doneText,
  onSubmit,
  onClose,
  submitLabel,
  submitVariant,
  submitTestId,
  submitDisabled,
  submitClassName,
  intro,
  children,
  note,
  success,
  loading,
  className,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={title}
      description={description}
      // A field focused by Tab is scrolled clear of the button bar at the foot, not under it.
      className={cn('scroll-pb-28', className)}
    >
      {done && success ? (
        success
      ) : loading ? (
        loading
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid={testId}>
          {intro}
          {children}
          {note}
          {failure && <Alert tone="danger">{failure}</Alert>}
          {done && doneText ? <Alert tone="success">{doneText}</Alert> : null}
          {/* The buttons stay in view at the dialog's foot while a long form scrolls above them (a money
              dialog is taller than a laptop's 800 px or a phone's screen); the dialog's bottom padding
              moves into this bar (a sticky box stops short of its scroller's padding, hence -bottom-6),
              whose background keeps it opaque over the scrolled fields. */}
          <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-border bg-surface px-6 py-4 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {t(done ? 'actions.close' : 'actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant={submitVariant}
              loading={busy}
              disabled={done || submitDisabled}
              className={submitClassName}
              data-testid={submitTestId}
            >
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
