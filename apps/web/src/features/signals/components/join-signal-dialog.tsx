import { zodResolver } from '@hookform/resolvers/zod';
import type { TJoinSignalInput, TSignal } from '@meridian/contracts/signals';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useBalance } from '@/api/balance';
import { useFormDialogSubmit } from '@/components/form-dialog';
import { AvailableBalance, MoneyDialog, MoneyFact, MoneyFacts } from '@/components/money/money-dialog';
import { TextField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { formatMoney, formatPercent } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useJoinSignal } from '../api/join-signal';
import { expectedProfit, joinSignalSchema } from '../utils/join-schema';

export interface JoinSignalDialogProps {
  userId: string;
  signal: TSignal;
  onClose: () => void;
}

type TValues = z.output<ReturnType<typeof joinSignalSchema>>;
const FIELDS = ['entryAmount'] as const;

/**
 * Join a signal: the entry amount (at least the signal's minimum, at most the balance) with the
 * expected profit it would bring, amount × return / 100. The entry leaves the balance until the
 * signal settles. The form mounts with the dialog, so closing it starts over.
 */
export function JoinSignalDialog({ userId, signal, onClose }: JoinSignalDialogProps) {
  const { t, i18n } = useTranslation(['signals', 'common']);
  const locale = i18n.resolvedLanguage;
  const errorText = useApiErrorText();
  const join = useJoinSignal(userId, signal.id);
  const balance = useBalance(userId);
  const available = balance.data?.balance;
  const limits = useMemo(() => ({ min: signal.minEntryAmount, available }), [signal.minEntryAmount, available]);
  const entryError = useAmountErrorText(limits);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<TJoinSignalInput, unknown, TValues>({
    resolver: zodResolver(joinSignalSchema(limits)),
    mode: 'onChange',
    defaultValues: { entryAmount: '' },
  });
  const amount = useWatch({ control, name: 'entryAmount' });
  const profit = errors.entryAmount ? null : expectedProfit(String(amount ?? ''), signal.percentageReturn);
  const state = useFormDialogSubmit({
    mutation: join,
    send: (values: TValues) => join.mutateAsync({ entryAmount: String(values.entryAmount).trim() }),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('signals:signals.join.failed')),
    onSuccess: () => toast.success(t('signals:signalJoined')),
    onClose,
    closeAfterMs: 0,
  });

  return (
    <MoneyDialog
      title={t('signals:signals.join.title', { title: signal.title })}
      state={state}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('signals:signals.join.submit')}
      submitTestId="join-submit"
      intro={
        <MoneyFacts>
          <MoneyFact label={t('signals:signals.fields.pair')}>{signal.asset}</MoneyFact>
          <MoneyFact label={t('signals:signals.fields.return')}>
            {formatPercent(signal.percentageReturn, locale)}
          </MoneyFact>
          <MoneyFact label={t('signals:signals.fields.minEntry')}>
            <Money amount={signal.minEntryAmount} />
          </MoneyFact>
          <MoneyFact label={t('signals:signals.join.available')}>
            <AvailableBalance
              balance={balance}
              unknownText={t('positions:form.availableUnknown')}
              testId="join-available"
            />
          </MoneyFact>
        </MoneyFacts>
      }
      note={<p className="text-xs text-muted">{t('signals:signals.join.note')}</p>}
    >
      <fieldset disabled={state.busy} className="space-y-2">
        <TextField
          label={t('signals:signals.join.amount')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={signal.minEntryAmount}
          max={available}
          placeholder="0.00"
          autoComplete="off"
          error={entryError(errors.entryAmount?.message)}
          hint={t('signals:signals.join.amountHint', { min: formatMoney(signal.minEntryAmount, locale) })}
          data-autofocus
          data-testid="join-amount"
          {...register('entryAmount')}
        />
        <p className="text-sm text-muted" data-testid="join-expected-profit" aria-live="polite">
          {t('signals:signals.join.expectedProfit')}{' '}
          {profit === null ? (
            <span className="text-fg">—</span>
          ) : (
            <Money amount={profit} direction="in" className="font-semibold text-success" />
          )}
        </p>
      </fieldset>
    </MoneyDialog>
  );
}
