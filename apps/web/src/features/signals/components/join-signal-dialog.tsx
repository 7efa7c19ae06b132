import { zodResolver } from '@hookform/resolvers/zod';
import type { TJoinSignalInput, TSignal } from '@meridian/contracts/signals';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type SubmitHandler, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useBalance } from '@/api/balance';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { formatMoney, formatPercent } from '@/lib/format';
import { useJoinSignal } from '../api/join-signal';
import { expectedProfit, joinSignalSchema } from '../utils/join-schema';

export interface JoinSignalDialogProps {
  userId: string;
  /** The signal to join; null keeps the dialog shut. */
  signal: TSignal | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Join a signal: the entry amount (at least the signal's minimum, at most the balance) with the
 * expected profit it would bring, amount × return / 100. The entry leaves the balance until the
 * signal settles. The form mounts with the dialog, so closing it starts over.
 */
export function JoinSignalDialog({ userId, signal, onOpenChange }: JoinSignalDialogProps) {
  const { t } = useTranslation('signals');
  const [locked, setLocked] = useState(false);
  return (
    <Dialog
      open={signal !== null}
      onOpenChange={(next) => {
        if (!locked) onOpenChange(next);
      }}
      title={signal ? t('signals.join.title', { title: signal.title }) : ''}
      className="max-w-lg"
    >
      {signal && (
        <JoinSignalForm userId={userId} signal={signal} onClose={() => onOpenChange(false)} onBusy={setLocked} />
      )}
    </Dialog>
  );
}

type TValues = z.output<ReturnType<typeof joinSignalSchema>>;
const FIELDS = ['entryAmount'] as const;

function JoinSignalForm({
  userId,
  signal,
  onClose,
  onBusy,
}: {
  userId: string;
  signal: TSignal;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['signals', 'common']);
  const locale = i18n.resolvedLanguage;
  const errorText = useApiErrorText();
  const join = useJoinSignal(userId, signal.id);
  const balance = useBalance(userId);
  const [failure, setFailure] = useState<string | null>(null);
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
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const amount = useWatch({ control, name: 'entryAmount' });
  const profit = errors.entryAmount ? null : expectedProfit(String(amount ?? ''), signal.percentageReturn);
  const busy = join.isPending;
  useEffect(() => onBusy(busy), [busy, onBusy]);

  const onSubmit: SubmitHandler<TValues> = async (values) => {
    if (busy) return;
    setFailure(null);
    try {
      await join.mutateAsync({ entryAmount: String(values.entryAmount).trim() });
      toast.success(t('signals:signalJoined'));
      onClose();
    } catch (err) {
      const message = errorText(err, t('signals:signals.join.failed'));
      toast.error(message);
      if (!placeFieldErrors(err)) setFailure(message);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <dl className="space-y-2 rounded-xl border border-border bg-surface-2/50 p-4 text-sm">
        <Fact label={t('signals:signals.fields.pair')}>{signal.asset}</Fact>
        <Fact label={t('signals:signals.fields.return')}>{formatPercent(signal.percentageReturn, locale)}</Fact>
        <Fact label={t('signals:signals.fields.minEntry')}>
          <Money amount={signal.minEntryAmount} />
        </Fact>
        <Fact label={t('signals:signals.join.available')}>
          <span data-testid="join-available">
            {balance.isPending ? (
              <Skeleton className="h-5 w-24" />
            ) : balance.isError ? (
              <span className="font-normal text-muted">{t('positions:form.availableUnknown')}</span>
            ) : (
              <Money amount={balance.data.balance} />
            )}
          </span>
        </Fact>
      </dl>

      <fieldset disabled={busy} className="space-y-2">
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

      <p className="text-xs text-muted">{t('signals:signals.join.note')}</p>

      {failure && <Alert tone="danger">{failure}</Alert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" loading={busy} className="sm:min-w-40" data-testid="join-submit">
          {t('signals:signals.join.submit')}
        </Button>
      </div>
    </form>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-fg">{children}</dd>
    </div>
  );
}
