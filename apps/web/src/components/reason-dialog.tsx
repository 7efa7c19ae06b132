import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useMessageText } from '@/hooks/use-message-text';
import { FormDialog, type FormDialogSubmitOptions, useFormDialogSubmit } from './form-dialog';
import type { ButtonProps } from './ui/button';
import { TextAreaField } from './ui/field';

export interface TReason {
  reason: string;
}
const FIELDS = ['reason'] as const;

export interface ReasonDialogProps<TAnswer>
  extends Pick<
    FormDialogSubmitOptions<TReason, TAnswer>,
    'mutation' | 'send' | 'failedText' | 'onSuccess' | 'onClose' | 'closeAfterMs' | 'toastFailure'
  > {
  title: ReactNode;
  description?: ReactNode;
  /** The contract's rule for the reason (required, at most 500 characters). */
  schema: z.ZodType<TReason, TReason>;
  label: string;
  placeholder?: string;
  submitLabel: ReactNode;
  submitVariant?: ButtonProps['variant'];
  /** Names the form `<testId>-form` and its submit button `<testId>-submit`. */
  testId?: string;
  /** What the decision is about, above the reason. */
  intro?: ReactNode;
  doneText?: ReactNode;
}

/**
 * A decision that needs a reason (reject, close, end sessions, reset): the reason is required, kept
 * in the audit log and often read by the client; the dialog is a `FormDialog` around one textarea.
 */
export function ReasonDialog<TAnswer>({
  title,
  description,
  schema,
  label,
  placeholder,
  submitLabel,
  submitVariant = 'danger',
  testId,
  intro,
  doneText,
  ...submit
}: ReasonDialogProps<TAnswer>) {
  const text = useMessageText();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TReason>({ resolver: zodResolver(schema), mode: 'onChange', defaultValues: { reason: '' } });
  const state = useFormDialogSubmit({ ...submit, setError, fields: FIELDS });
  return (
    <FormDialog
      title={title}
      description={description}
      testId={testId && `${testId}-form`}
      state={state}
      doneText={doneText}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={submit.onClose}
      submitLabel={submitLabel}
      submitVariant={submitVariant}
      submitTestId={testId && `${testId}-submit`}
      intro={intro}
    >
      <TextAreaField
        label={label}
        placeholder={placeholder}
        disabled={state.done}
        maxLength={500}
        data-autofocus
        error={text(errors.reason?.message)}
        {...register('reason')}
      />
    </FormDialog>
  );
}
