import { zodResolver } from '@hookform/resolvers/zod';
import type { TBalanceSummary } from '@meridian/contracts/balances';
import { useEffect, useState } from 'react';
import { type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { IdempotentSubmission } from '@/lib/idempotency';
import { ADJUSTMENTS, type TAdjustment, type TAdjustmentBody, useAdjustBalance } from '../api/adjust-balance';
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
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Credit Account, Debit Account, Add Profit and Clear Balance (docs/money.md): an amount
 * (not for clear) and a required reason, which the client sees in their history.
 */
export function AdjustmentDialog({ kind, userId, clientName, balance, open, onOpenChange }: AdjustmentDialogProps) {
  const { t } = useTranslation('clients');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // While the call runs the dialog stays: its outcome must be seen.
        if (!busy) onOpenChange(next);
      }}
      title={t(`client.actions.${kind}.title`)}
      description={t(`client.actions.${kind}.description`, { name: clientName })}
    >
      {open && (
        <AdjustmentForm
          kind={kind}
          userId={userId}
          balance={balance}
          onBusyChange={setBusy}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

interface AdjustmentFormProps {
  kind: TAdjustment;
  userId: string;
  balance: TBalanceSummary | undefined;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

function AdjustmentForm({ kind, userId, balance, onBusyChange, onDone }: AdjustmentFormProps) {
  const { t } = useTranslation('clients');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const format = useLocaleFormat();
  const config = ADJUSTMENTS[kind];
  const adjust = useAdjustBalance(kind, userId);
  const [submission] = useState(() => new IdempotentSubmission());
  const [failure, setFailure] = useState<string | null>(null);

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
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  useEffect(() => onBusyChange(adjust.isPending), [adjust.isPending, onBusyChange]);
  const done = adjust.isSuccess;
  useAfterDelay(done, CLOSE_AFTER_MS, onDone);

  const onSubmit: SubmitHandler<TAdjustmentValues> = async (values) => {
    if (adjust.isPending || done) return;
    setFailure(null);
    const body: TAdjustmentBody = config.withAmount
      ? { amount: values.amount?.trim() ?? '', reason: values.reason.trim() }
      : { reason: values.reason.trim() };
    const key = submission.keyFor(JSON.stringify(body));
    try {
      await adjust.mutateAsync({ body, key });
      submission.settle();
      toast.success(t(messageKey(config.success)));
    } catch (err) {
      submission.settle(err);
      if (!placeFieldErrors(err)) setFailure(errorText(err, t(`client.actions.${kind}.failed`)));
    }
  };

  const hint = balance ? hintFor(kind, balance, format.money, t) : undefined;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid={`adjust-${kind}-form`}>
      {kind === 'clear' && balance && (
        <Alert tone="warning">
          {t('client.actions.clear.warning', { total: format.money(balance.totalBalance + balance.tradingBalance) })}
        </Alert>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      {done && <Alert tone="success">{t(messageKey(config.success))}</Alert>}
      <fieldset disabled={done} className="space-y-4">
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
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={adjust.isPending}>
          {t(done ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant={kind === 'debit' || kind === 'clear' ? 'danger' : 'primary'}
          loading={adjust.isPending}
          disabled={done}
          data-testid={`adjust-${kind}-submit`}
        >
          {t(`client.actions.${kind}.submit`)}
        </Button>
      </div>
    </form>
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
