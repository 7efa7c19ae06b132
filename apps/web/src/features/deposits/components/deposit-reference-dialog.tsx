import { zodResolver } from '@hookform/resolvers/zod';
import type { TDepositReferenceInput, TTransaction } from '@meridian/contracts/transactions';
import { ZDepositReferenceInput } from '@meridian/contracts/transactions';
import { Hash } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { addTransferIssues } from '@/lib/transfer-schema';
import { useSetDepositReference } from '../api/set-deposit-reference';
import { TransferFields } from './transfer-fields';

const REFERENCE_FIELDS = ['reference', 'senderAddress'] as const;

/**
 * On a pending deposit's page: Add transaction hash (or Edit, once given) opens the dialog that gives
 * or corrects it and the sending address. Nothing for another record, or once the deposit is decided.
 */
export function DepositReferenceAction({ tx }: { tx: TTransaction }) {
  const { t } = useTranslation('deposits');
  const [open, setOpen] = useState(false);
  if (tx.type !== 'Deposit' || tx.status !== 'Pending') return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="deposit-reference-open">
        <Hash className="h-4 w-4" aria-hidden="true" />
        {t(tx.reference ? 'transfer.edit' : 'transfer.add')}
      </Button>
      {open && <DepositReferenceDialog tx={tx} onClose={() => setOpen(false)} />}
    </>
  );
}

function referenceSchema(methodName: string | null | undefined) {
  return ZDepositReferenceInput.superRefine((value, ctx) => addTransferIssues(methodName, value, ctx));
}
type TReferenceValues = z.output<ReturnType<typeof referenceSchema>>;

/** The transfer hash or reference (required) and the sending address (optional; emptied, it is removed). */
export function DepositReferenceDialog({ tx, onClose }: { tx: TTransaction; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useSetDepositReference(tx.id);
  const methodName = tx.depositMethod?.name;
  const schema = useMemo(() => referenceSchema(methodName), [methodName]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TDepositReferenceInput, unknown, TReferenceValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { reference: tx.reference ?? '', senderAddress: tx.senderAddress ?? '' },
  });
  const state = useFormDialogSubmit({
    mutation: save,
    send: (values: TReferenceValues) =>
      save.mutateAsync({ reference: values.reference, senderAddress: values.senderAddress ?? '' }),
    setError,
    fields: REFERENCE_FIELDS,
    failedText: (err) => errorText(err, t('transfer.failed')),
    onSuccess: () => toast.success(t('referenceSaved')),
    onClose,
    toastFailure: false,
  });
  return (
    <FormDialog
      title={t(tx.reference ? 'transfer.editTitle' : 'transfer.addTitle')}
      description={t('transfer.description', { method: methodName ?? '' })}
      testId="deposit-reference-form"
      state={state}
      doneText={t('referenceSaved')}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('transfer.save')}
      submitTestId="deposit-reference-submit"
    >
      <fieldset disabled={state.busy || state.done} className="space-y-4">
        <TransferFields
          referenceRequired
          reference={register('reference')}
          senderAddress={register('senderAddress')}
          errors={{ reference: text(errors.reference?.message), senderAddress: text(errors.senderAddress?.message) }}
        />
      </fieldset>
    </FormDialog>
  );
}
