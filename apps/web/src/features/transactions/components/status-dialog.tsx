import { zodResolver } from '@hookform/resolvers/zod';
import { shortId, type TTransactionStatus } from '@meridian/contracts/transaction-terms';
import { ZStatusInput } from '@meridian/contracts/transactions';
import { Hourglass, Lock } from 'lucide-react';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { Alert } from '@/components/ui/alert';
import { SelectField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { type TStatusChoice, useUpdateStatus } from '../api/update-status';
import { depositWaitOf, type TAdminRecord, type TStatusRule } from '../utils/record-rules';
import { RecordStatus } from './record-badges';

interface TStatusValues {
  status: string;
}
const STATUS_FIELDS = ['status'] as const;

export interface StatusDialogProps {
  /** An investment from the Investments list carries its terms: the dialog then knows whether its deposit came. */
  record: TAdminRecord;
  rule: TStatusRule;
  onClose: () => void;
}

/**
 * Update Status: a select of the area's statuses, 'Please select a status' when
 * none is chosen; select and submit disabled once the status is final. An investment waiting for
 * its deposit says so and cannot be approved yet (the server refuses it too, and says why).
 */
export function StatusDialog({ record, rule, onClose }: StatusDialogProps) {
  const { t } = useTranslation('transactions');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const update = useUpdateStatus(rule.kind, record);
  const locked = rule.final.includes(record.status);
  const depositWait = depositWaitOf(record);
  const schema = useMemo(() => ZStatusInput(rule.options as [TTransactionStatus, ...TTransactionStatus[]]), [rule]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TStatusValues>({
    // The select starts empty ('Please select a status'); the schema narrows it to the area's statuses.
    resolver: zodResolver(schema) as unknown as Resolver<TStatusValues>,
    mode: 'onChange',
    defaultValues: { status: '' },
  });
  const state = useFormDialogSubmit({
    mutation: update,
    // The schema above admits only the rule's options.
    send: ({ status }: TStatusValues) => update.mutateAsync(status as TStatusChoice),
    setError,
    fields: STATUS_FIELDS,
    failedText: (err) => errorText(err, rule.kind === 'withdrawal' ? t('status.withdrawalFailed') : t('status.failed')),
    onSuccess: () => toast.success(t(messageKey(rule.success))),
    onClose,
  });

  return (
    <FormDialog
      title={t('status.title')}
      description={t('status.description', { id: shortId(record.id) })}
      testId="status-form"
      state={state}
      doneText={t(messageKey(rule.success))}
      onSubmit={handleSubmit(locked ? () => undefined : state.onSubmit)}
      onClose={onClose}
      submitLabel={t('status.submit')}
      submitDisabled={locked}
      submitTestId="status-submit"
      intro={
        <>
          <div className="flex items-center justify-between gap-3 rounded-lg bg-surface-2 px-4 py-3 text-sm">
            <span className="text-muted">{t('status.current')}</span>
            <RecordStatus status={record.status} />
          </div>
          {locked && (
            <Alert tone="info" className="flex items-start gap-2">
              <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{t('status.locked')}</span>
            </Alert>
          )}
          {!locked && depositWait && (
            <Alert tone="warning" className="flex items-start gap-2">
              <Hourglass className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span data-testid="status-deposit-wait">
                <strong className="font-semibold">
                  {t(
                    depositWait === 'Pending'
                      ? 'investments:investment.waitingDeposit'
                      : 'investments:investment.depositDeclined',
                  )}
                </strong>{' '}
                {t(
                  depositWait === 'Pending'
                    ? 'investments:investment.waitingDepositBody'
                    : 'investments:investment.depositDeclinedBody',
                  {
                    id: record.terms?.deposit ? shortId(record.terms.deposit.id) : '',
                  },
                )}
              </span>
            </Alert>
          )}
        </>
      }
    >
      <SelectField
        label={t('status.newStatus')}
        disabled={locked || state.done}
        error={text(errors.status?.message)}
        data-testid="status-select"
        data-autofocus
        {...register('status')}
      >
        <option value="">{t('status.placeholder')}</option>
        {rule.options.map((status) => (
          <option key={status} value={status} disabled={status === 'Approved' && depositWait !== null}>
            {t(`backoffice:statuses.${status}`)}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
