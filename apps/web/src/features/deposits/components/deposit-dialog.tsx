import { zodResolver } from '@hookform/resolvers/zod';
import type { TDepositMethod } from '@meridian/contracts/methods';
import { processingTimeKey } from '@meridian/contracts/methods';
import type { TDepositInput } from '@meridian/contracts/transactions';
import { CircleCheck, Clock, Info } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFormDialogSubmit } from '@/components/form-dialog';
import { AmountField } from '@/components/money/amount-field';
import { MethodLimits } from '@/components/money/method-card';
import { MoneyDialog, useCloseToDashboard } from '@/components/money/money-dialog';
import { SUCCESS_CLOSE_MS, SuccessPanel } from '@/components/money/success-panel';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { NumberedSteps } from '@/components/ui/numbered-steps';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountdown } from '@/hooks/use-countdown';
import { useMessageText } from '@/hooks/use-message-text';
import { depositFormSchema } from '@/lib/amount-schema';
import { cn } from '@/lib/cn';
import { formatCountdown } from '@/lib/countdown';
import { toast } from '@/lib/toast';
import { useCreateDeposit } from '../api/create-deposit';
import { DEPOSIT_WAIT_SECONDS } from '../constants';
import { TransferFields } from './transfer-fields';

export interface DepositDialogProps {
  method: TDepositMethod;
  userId: string;
  /** The amount chosen before (the /user/deposit form), filled in and still editable. */
  defaultAmount?: string;
  onClose: () => void;
}

type TDepositValues = z.output<ReturnType<typeof depositFormSchema>>;
/** The fields of the form a refused deposit may name. */
const DEPOSIT_FIELDS = ['amount', 'reference', 'senderAddress'] as const;

/** A value the client typed, or nothing when they left it empty (the call then carries no such field). */
const given = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Make Deposit: the 300-second wait, the three steps, the summary with the address, the amount,
 * the transfer's hash or reference and sending address (both optional), and Complete Deposit. A
 * client who has already sent the funds ends the wait with "I have sent it". The form mounts with
 * the dialog: closing it resets the countdown and the form.
 */
export function DepositDialog({ method, userId, defaultAmount = '', onClose }: DepositDialogProps) {
  const { t } = useTranslation('deposits');
  const errorText = useApiErrorText();
  const deposit = useCreateDeposit();
  const left = useCountdown(DEPOSIT_WAIT_SECONDS);
  // The wait protects a client still on their way to send the money; one who has sent it declares at once.
  const [sent, setSent] = useState(false);
  const waiting = left > 0 && !sent;
  const time = formatCountdown(left);

  const limits = useMemo(() => ({ min: method.minAmount, max: method.maxAmount }), [method]);
  const amountError = useAmountErrorText(limits);
  const text = useMessageText();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<TDepositInput, unknown, TDepositValues>({
    resolver: zodResolver(depositFormSchema(limits, method.name)),
    mode: 'onChange',
    defaultValues: { amount: defaultAmount, depositMethod: method.id, user: userId, reference: '', senderAddress: '' },
  });
  const finish = useCloseToDashboard(onClose);
  const state = useFormDialogSubmit({
    mutation: deposit,
    send: (values: TDepositValues) =>
      deposit.mutateAsync({
        amount: String(values.amount).trim(),
        depositMethod: values.depositMethod,
        user: values.user,
        ...(given(values.reference) ? { reference: given(values.reference) } : {}),
        ...(given(values.senderAddress) ? { senderAddress: given(values.senderAddress) } : {}),
      }),
    setError,
    fields: DEPOSIT_FIELDS,
    failedText: (err) => errorText(err, t('deposits:deposit.failed')),
    onSuccess: () => toast.success(t('deposits:depositCreated')),
    onClose: finish,
    closeAfterMs: SUCCESS_CLOSE_MS,
    toastFailure: false,
  });

  return (
    <MoneyDialog
      title={t('deposit.dialogTitle')}
      state={state}
      // The countdown holds the submit button; Enter in the amount field must wait for it too.
      onSubmit={handleSubmit(waiting ? () => undefined : state.onSubmit)}
      onClose={onClose}
      submitLabel={
        state.busy
          ? t('deposits:deposit.processing')
          : waiting
            ? t('deposits:deposit.wait', { time })
            : t('deposits:deposit.submit')
      }
      submitDisabled={waiting}
      submitTestId="deposit-submit"
      success={
        <SuccessPanel title={t('deposits:depositCreated')} body={t('deposits:deposit.successBody')} onClose={finish} />
      }
      intro={
        <DepositGuide
          method={method}
          waiting={waiting}
          time={time}
          onSent={() => {
            setSent(true);
            // Straight on to the amount: the client came here to declare what they sent.
            setFocus('amount');
          }}
        />
      }
    >
      <fieldset disabled={state.busy} className="space-y-4">
        <AmountField
          label={t('deposits:deposit.amount')}
          method={method}
          error={amountError(errors.amount?.message)}
          data-testid="deposit-amount"
          {...register('amount')}
        />
        <TransferFields
          reference={register('reference')}
          senderAddress={register('senderAddress')}
          errors={{ reference: text(errors.reference?.message), senderAddress: text(errors.senderAddress?.message) }}
        />
      </fieldset>
    </MoneyDialog>
  );
}

interface DepositGuideProps {
  method: TDepositMethod;
  waiting: boolean;
  time: string;
  onSent: () => void;
}

/** Before the amount: the wait, the three steps, the summary with the address, and the processing time. */
function DepositGuide({ method, waiting, time, onSent }: DepositGuideProps) {
  const { t } = useTranslation(['deposits', 'methods']);
  return (
    <div className="space-y-5">
      <CountdownNotice waiting={waiting} time={time} onSent={onSent} />

      <section aria-labelledby="deposit-howto">
        <h3 id="deposit-howto" className="mb-2 text-sm font-semibold text-fg">
          {t('deposits:deposit.howTo')}
        </h3>
        <NumberedSteps
          className="space-y-2 text-muted"
          steps={[
            t('deposits:deposit.step1'),
            t('deposits:deposit.step2', { method: method.name }),
            t('deposits:deposit.step3'),
          ]}
        />
      </section>

      <section aria-labelledby="deposit-summary" className="rounded-xl border border-border bg-surface-2/50 p-4">
        <h3 id="deposit-summary" className="mb-3 text-sm font-semibold text-fg">
          {t('deposits:deposit.summary')}
        </h3>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('deposits:deposit.method')}</dt>
            <dd className="text-right font-medium text-fg">{method.name}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('deposits:deposit.limits')}</dt>
            <dd className="text-right font-medium text-fg">
              <MethodLimits min={method.minAmount} max={method.maxAmount} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('deposits:deposit.walletAddress')}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <code className="min-w-0 flex-1 break-all rounded-lg bg-surface px-3 py-2 font-mono text-xs text-fg">
                {method.value}
              </code>
              <CopyButton copies="address" value={method.value} label={t('deposits:deposit.copyAddress')} iconOnly />
            </dd>
          </div>
        </dl>
      </section>

      <p className="flex gap-2 text-xs text-muted">
        <Info className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          {t('deposits:deposit.note')}
          <span className="mt-1 block">
            {t('methods:methods.processingTime')}:{' '}
            <span className="font-medium text-fg">{t(`methods:methods.${processingTimeKey(method.name)}`)}</span>
          </span>
        </span>
      </p>
    </div>
  );
}

/**
 * The wait notice, with "I have sent it" for a client who has already sent the funds. It changes
 * every second, so it is not a live region; a separate polite region speaks once when the wait
 * starts and once when it ends.
 */
function CountdownNotice({ waiting, time, onSent }: { waiting: boolean; time: string; onSent: () => void }) {
  const { t } = useTranslation('deposits');
  const [spoken, setSpoken] = useState('');
  const startText = t('deposit.countdown', { time: formatCountdown(DEPOSIT_WAIT_SECONDS) });
  const doneText = t('deposit.countdownDone');
  useEffect(() => {
    // Filled after mount: a region that appears with its text already in it is often not read.
    const id = window.setTimeout(() => setSpoken(waiting ? startText : doneText), 300);
    return () => window.clearTimeout(id);
  }, [waiting, startText, doneText]);
  const Icon = waiting ? Clock : CircleCheck;
  return (
    <div
      className={cn(
        'flex gap-3 rounded-lg border px-4 py-3 text-sm',
        waiting ? 'border-primary/40 bg-primary/10 text-fg' : 'border-success/40 bg-success-soft text-success',
      )}
      data-testid="deposit-countdown"
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p>{waiting ? t('deposit.countdown', { time }) : doneText}</p>
        {waiting && (
          <Button variant="outline" size="sm" onClick={onSent} data-testid="deposit-sent">
            {t('deposit.sent')}
          </Button>
        )}
      </div>
      <span role="status" className="sr-only">
        {spoken}
      </span>
    </div>
  );
}
