import { zodResolver } from '@hookform/resolvers/zod';
import { shortId, type TTransactionStatus } from '@meridian/contracts/transaction-terms';
import { ZStatusInput, ZWithdrawalStatusInput } from '@meridian/contracts/transactions';
import { Hourglass, Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/field';
import { useAnswerText } from '@/hooks/use-answer-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { addTransferIssues } from '@/lib/transfer-schema';
import { type TStatusChoice, useUpdateStatus } from '../api/update-status';
import { depositWaitOf, type TAdminRecord, type TStatusRule } from '../utils/record-rules';
import { PayoutReferenceField } from './payout-reference-dialog';
import { RecordStatus } from './record-badges';

interface TStatusValues {
  status: string;
  /** A withdrawal's payout hash or reference, when it is completed. */
  reference?: string;
}
const STATUS_FIELDS = ['status', 'reference'] as const;

/**
 * The dialog's rules: the area's statuses; for a withdrawal also the payout's reference, checked as
 * the server does on the method's network when it is completed with one.
 */
function statusSchema(rule: TStatusRule, record: TAdminRecord) {
  if (rule.kind !== 'withdrawal') return ZStatusInput(rule.options as [TTransactionStatus, ...TTransactionStatus[]]);
  return ZWithdrawalStatusInput.superRefine((value, ctx) => {
    if (value.status === 'Completed') addTransferIssues(record.withdrawalMethod?.name, value, ctx);
  });
}

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
 * Completing a deposit credits the client and is final, so it asks once more, naming the amount and
 * the client; completing a withdrawal may record the payout's hash or reference at once.
 */
export function StatusDialog({ record, rule, onClose }: StatusDialogProps) {
  const { t } = useTranslation('transactions');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const answerText = useAnswerText();
  const format = useLocaleFormat();
  const update = useUpdateStatus(rule.kind, record);
  const locked = rule.final.includes(record.status);
  const depositWait = depositWaitOf(record);
  const schema = useMemo(() => statusSchema(rule, record), [rule, record]);
  /** The checked values of a deposit's completion, waiting for the confirmation. */
  const [confirming, setConfirming] = useState<TStatusValues | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<TStatusValues>({
    // The select starts empty ('Please select a status'); the schema narrows it to the area's statuses.
    resolver: zodResolver(schema) as unknown as Resolver<TStatusValues>,
    mode: 'onChange',
    defaultValues: rule.kind === 'withdrawal' ? { status: '', reference: '' } : { status: '' },
  });
  const completingWithdrawal = rule.kind === 'withdrawal' && watch('status') === 'Completed';
  const state = useFormDialogSubmit({
    mutation: update,
    // The schema above admits only the rule's options.
    send: ({ status, reference }: TStatusValues) =>
      update.mutateAsync({
        status: status as TStatusChoice,
        reference: status === 'Completed' && reference?.trim() ? reference.trim() : undefined,
      }),
    setError,
    fields: STATUS_FIELDS,
    failedText: (err) => errorText(err, rule.kind === 'withdrawal' ? t('status.withdrawalFailed') : t('status.failed')),
    // The server's words: its own success, or "Sent for approval" for a large withdrawal (which stays Pending).
    onSuccess: (answer) => toast.success(answerText(answer.message, rule.success)),
    onClose,
  });

  return (
    <FormDialog
      title={t('status.title')}
      description={t('status.description', { id: shortId(record.id) })}
      testId="status-form"
      state={state}
      doneText={answerText(update.data?.message, rule.success)}
      onSubmit={handleSubmit(
        locked
          ? () => undefined
          : (values) =>
              rule.kind === 'deposit' && values.status === 'Completed' ? setConfirming(values) : state.onSubmit(values),
      )}
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
      {completingWithdrawal && (
        <PayoutReferenceField
          optional
          error={text(errors.reference?.message)}
          disabled={state.busy || state.done}
          {...register('reference')}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        tone="primary"
        title={t('status.confirmTitle')}
        description={t('status.confirmBody', {
          amount: format.money(record.amount),
          client: record.user ? `${record.user.firstname} ${record.user.lastname}`.trim() : t('status.theClient'),
        })}
        confirmLabel={t('status.confirmSubmit', { amount: format.money(record.amount) })}
        busy={state.busy}
        onConfirm={() => {
          const values = confirming;
          if (!values) return;
          // The outcome (done, or the refusal) shows in the status dialog behind, once this one closes.
          void Promise.resolve(state.onSubmit(values)).finally(() => setConfirming(null));
        }}
      />
    </FormDialog>
  );
}
