import { zodResolver } from '@hookform/resolvers/zod';
import type { TBalanceSummary } from '@meridian/contracts/balances';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { Alert } from '@/components/ui/alert';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useAnswerText } from '@/hooks/use-answer-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { ADJUSTMENTS, type TAdjustment, useAdjustBalance } from '../api/adjust-balance';
import { ZAmountAdjustmentForm, ZClearBalanceForm } from './adjustment-schemas';

/** Credit, debit and add-profit dialogs close 3 seconds after they succeeded. */
const CLOSE_AFTER_MS = 3000;

interface TAdjustmentValues {
  amount?: string;
  reason: string;
}
const FIELDS = ['amount', 'reason'] as const;

export interface AdjustmentDialogProps {
  kind: TAdjustment;
  userId: string;
  clientName: string;
  /** The client's money now, for the hints (may still be loading). */
  balance: TBalanceSummary | undefined;
  onClose: () => void;
}

/**
 * Credit Account, Debit Account, Add Profit and Clear Balance (docs/money.md): an amount
 * (not for clear) and a required reason, which the client sees in their history.
 */
export function AdjustmentDialog({ kind, userId, clientName, balance, onClose }: AdjustmentDialogProps) {
  const { t } = useTranslation('clients');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const answerText = useAnswerText();
  const format = useLocaleFormat();
  const config = ADJUSTMENTS[kind];
  const adjust = useAdjustBalance(kind, userId);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAdjustmentValues>({
    resolver: zodResolver(
      config.withAmount ? ZAmountAdjustmentForm : ZClearBalanceForm,
    ) as unknown as Resolver<TAdjustmentValues>,
    mode: 'onChange',
    defaultValues: config.withAmount ? { amount: '', reason: '' } : { reason: '' },
  });
  const state = useFormDialogSubmit({
    mutation: adjust,
    send: (values: TAdjustmentValues) =>
      adjust.mutateAsync(
        config.withAmount
          ? { amount: values.amount?.trim() ?? '', reason: values.reason.trim() }
          : { reason: values.reason.trim() },
      ),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t(`client.actions.${kind}.failed`)),
    // The server's words: the action's success, or "Sent for approval" above the four-eyes threshold.
    onSuccess: (answer) => toast.success(answerText(answer.message, config.success)),
    onClose,
    closeAfterMs: CLOSE_AFTER_MS,
    toastFailure: false,
  });

  const hint = balance ? hintFor(kind, balance, format.money, t) : undefined;

  return (
    <FormDialog
      title={t(`client.actions.${kind}.title`)}
      description={t(`client.actions.${kind}.description`, { name: clientName })}
      testId={`adjust-${kind}-form`}
      state={state}
      doneText={answerText(adjust.data?.message, config.success)}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t(`client.actions.${kind}.submit`)}
      submitVariant={kind === 'debit' || kind === 'clear' ? 'danger' : 'primary'}
      submitTestId={`adjust-${kind}-submit`}
      intro={
        kind === 'clear' &&
        balance && (
          <Alert tone="warning">
            {t('client.actions.clear.warning', { total: format.money(balance.totalBalance + balance.tradingBalance) })}
          </Alert>
        )
      }
    >
      <fieldset disabled={state.done} className="space-y-4">
        {config.withAmount && (
          <TextField
            label={t('client.actions.amount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={kind === 'profit' ? '0.01' : '0'}
            autoComplete="off"
            data-autofocus
            hint={hint}
            error={text(errors.amount?.message)}
            {...register('amount')}
          />
        )}
        <TextAreaField
          label={t('client.actions.reason')}
          hint={t('client.actions.reasonHint')}
          placeholder={t(`client.actions.${kind}.reasonPlaceholder`)}
          maxLength={500}
          data-autofocus={config.withAmount ? undefined : true}
          error={text(errors.reason?.message)}
          {...register('reason')}
        />
      </fieldset>
    </FormDialog>
  );
}

function hintFor(
  kind: TAdjustment,
  balance: TBalanceSummary,
  money: (amount: number) => string,
  t: (key: string, options?: Record<string, string>) => string,
): string | undefined {
  if (kind === 'credit' || kind === 'debit')
    return t(`client.actions.${kind}.hint`, { amount: money(balance.balance) });
  if (kind === 'profit') return t('client.actions.profit.hint', { amount: money(balance.profitBalance) });
  return undefined;
}
