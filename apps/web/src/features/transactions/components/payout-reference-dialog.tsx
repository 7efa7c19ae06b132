import { zodResolver } from '@hookform/resolvers/zod';
import { type TPayoutReferenceInput, type TTransaction, ZPayoutReferenceInput } from '@meridian/contracts/transactions';
import { TRANSFER_REFERENCE_MAX } from '@meridian/contracts/transfer-reference';
import { type ComponentProps, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { addTransferIssues } from '@/lib/transfer-schema';
import { useSetPayoutReference } from '../api/set-payout-reference';

const FIELDS = ['reference'] as const;

function payoutSchema(methodName: string | null | undefined) {
  return ZPayoutReferenceInput.superRefine((value, ctx) => addTransferIssues(methodName, value, ctx));
}
type TPayoutValues = z.output<ReturnType<typeof payoutSchema>>;

/**
 * The payout hash or reference of a completed withdrawal, recorded after the fact (or corrected): the
 * client sees it on their withdrawal, and the audit log keeps the one it replaced.
 */
export function PayoutReferenceDialog({ record, onClose }: { record: TTransaction; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useSetPayoutReference(record);
  const methodName = record.withdrawalMethod?.name;
  const schema = useMemo(() => payoutSchema(methodName), [methodName]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TPayoutReferenceInput, unknown, TPayoutValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { reference: record.reference ?? '' },
  });
  const state = useFormDialogSubmit({
    mutation: save,
    send: (values: TPayoutValues) => save.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('payout.failed')),
    onSuccess: () => toast.success(t(messageKey('withdrawals.payoutReferenceSaved'))),
    onClose,
  });
  return (
    <FormDialog
      title={t(record.reference ? 'payout.editTitle' : 'payout.addTitle')}
      description={t('payout.description')}
      testId="payout-reference-form"
      state={state}
      doneText={t(messageKey('withdrawals.payoutReferenceSaved'))}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('payout.save')}
      submitTestId="payout-reference-submit"
    >
      <PayoutReferenceField
        error={text(errors.reference?.message)}
        disabled={state.busy || state.done}
        autoFocus
        {...register('reference')}
      />
    </FormDialog>
  );
}

/** The payout's hash or reference as the admin copies it from the wallet or bank that paid: kept as typed. */
export function PayoutReferenceField({
  optional = false,
  autoFocus = false,
  ...props
}: { optional?: boolean; autoFocus?: boolean } & Omit<ComponentProps<typeof TextField>, 'label' | 'hint'>) {
  const { t } = useTranslation('transactions');
  return (
    <TextField
      label={t(optional ? 'payout.referenceOptional' : 'payout.reference')}
      hint={t('payout.referenceHint')}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      className="font-mono"
      maxLength={TRANSFER_REFERENCE_MAX}
      data-testid="payout-reference"
      data-autofocus={autoFocus || undefined}
      {...props}
    />
  );
}
