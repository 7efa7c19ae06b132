import { zodResolver } from '@hookform/resolvers/zod';
import type { TReserveDeclaration, TReserveDeclarationInput } from '@meridian/contracts/reserves';
import { ZReserveDeclarationInput } from '@meridian/contracts/reserves';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useAnswerText } from '@/hooks/use-answer-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { useDeclareReserve } from '../api/declare-reserve';

type TValues = z.output<typeof ZReserveDeclarationInput>;
type TField = keyof TReserveDeclarationInput;
const FIELDS: readonly TField[] = ['label', 'amount', 'evidence'];

/**
 * Declare a reserve held off the watched addresses (a bank account, a cold wallet), with the evidence
 * that shows it; or replace a standing declaration with a new one (its figures, new evidence). It
 * counts in every snapshot taken while it stands.
 */
export function DeclareReserveDialog({ replaces, onClose }: { replaces?: TReserveDeclaration; onClose: () => void }) {
  const { t } = useTranslation('reserves');
  const text = useMessageText();
  const answerText = useAnswerText();
  const errorText = useApiErrorText();
  const declare = useDeclareReserve();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TReserveDeclarationInput, unknown, TValues>({
    resolver: zodResolver(ZReserveDeclarationInput),
    mode: 'onTouched',
    defaultValues: replaces
      ? { label: replaces.label, amount: String(replaces.amount), evidence: '', replacesId: replaces.id }
      : { label: '', amount: '', evidence: '' },
  });
  const doneText = (answer: { message: string }) => answerText(answer.message, 'reserves.declared');
  const state = useFormDialogSubmit({
    mutation: declare,
    send: (values: TValues) => declare.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('declare.failed')),
    onSuccess: (answer) => toast.success(doneText(answer)),
    onClose,
  });
  const error = (field: TField) => text(errors[field]?.message);

  return (
    <FormDialog
      title={replaces ? t('declare.replaceTitle', { label: replaces.label }) : t('declare.title')}
      description={t(replaces ? 'declare.replaceDescription' : 'declare.description')}
      className="max-w-lg"
      testId="declare-reserve-form"
      state={state}
      doneText={declare.data && doneText(declare.data)}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={replaces ? t('declare.replaceSubmit') : t('declare.submit')}
      submitTestId="declare-reserve-submit"
    >
      <fieldset disabled={state.done} className="space-y-4">
        <TextField
          label={t('declare.label')}
          autoComplete="off"
          error={error('label')}
          data-autofocus
          {...register('label')}
        />
        <TextField
          label={t('declare.amount')}
          inputMode="decimal"
          autoComplete="off"
          error={error('amount')}
          {...register('amount')}
        />
        <TextAreaField
          label={t('declare.evidence')}
          hint={t('declare.evidenceHint')}
          rows={4}
          error={error('evidence')}
          {...register('evidence')}
        />
      </fieldset>
    </FormDialog>
  );
}
