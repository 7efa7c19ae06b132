import { zodResolver } from '@hookform/resolvers/zod';
import { type TPayoutTxInput, ZPayoutTxInput } from '@meridian/contracts/chain-payouts';
import type { TTransaction } from '@meridian/contracts/transactions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useRecordPayoutTx } from '../api/withdrawal-payout';

const FIELDS = ['txHash'] as const;

/**
 * "Record payout transaction" on a pending withdrawal of a watched method (docs/money.md,
 * "Withdrawals paid on chain"): the hash of the transaction staff sent. The withdrawal stays pending;
 * the server completes it once the transaction is confirmed and pays it.
 */
export function RecordPayoutTxDialog({
  record,
  current,
  onClose,
}: {
  record: TTransaction;
  current: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('transactions');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useRecordPayoutTx(record);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TPayoutTxInput, unknown, TPayoutTxInput>({
    resolver: zodResolver(ZPayoutTxInput),
    mode: 'onTouched',
    defaultValues: { txHash: current ?? '' },
  });
  const state = useFormDialogSubmit({
    mutation: save,
    send: (values: TPayoutTxInput) => save.mutateAsync(values),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('chainPayout.failed')),
    onSuccess: () => toast.success(t(messageKey('withdrawals.payoutTxRecorded'))),
    onClose,
  });
  return (
    <FormDialog
      title={t(current ? 'chainPayout.replaceTitle' : 'chainPayout.recordTitle')}
      description={t('chainPayout.description')}
      testId="payout-tx-form"
      state={state}
      doneText={t(messageKey('withdrawals.payoutTxRecorded'))}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('chainPayout.save')}
      submitTestId="payout-tx-submit"
    >
      <TextField
        label={t('chainPayout.hash')}
        hint={t('chainPayout.hashHint')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="font-mono"
        maxLength={66}
        data-testid="payout-tx-hash"
        data-autofocus
        error={text(errors.txHash?.message)}
        disabled={state.busy || state.done}
        {...register('txHash')}
      />
    </FormDialog>
  );
}
