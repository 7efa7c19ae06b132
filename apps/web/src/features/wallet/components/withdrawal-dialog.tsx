import { zodResolver } from '@hookform/resolvers/zod';
import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import { type TWithdrawalInput, ZVerifyCodeInput } from '@meridian/contracts/transactions';
import { WITHDRAWAL_CODE_LENGTH, WITHDRAWAL_CODE_RESEND_SECONDS } from '@meridian/contracts/withdrawals';
import { MailCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useMessageText } from '@/hooks/use-message-text';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { sharedMessageKey } from '@/lib/shared-message-key';
import { type TWithdrawalRequest, useCreateWithdrawal } from '../api/create-withdrawal';
import { useGenerateWithdrawalCode } from '../api/generate-withdrawal-code';
import { useBalance } from '../api/get-balance';
import { useVerifyWithdrawalCode } from '../api/verify-withdrawal-code';
import { SUCCESS_CLOSE_MS } from '../constants';
import { useAmountErrorText } from '../hooks/use-amount-error';
import { useCountdown } from '../hooks/use-countdown';
import { useErrorText } from '../hooks/use-error-text';
import type { TAmountLimits } from '../utils/amount-rules';
import { withdrawalFormSchema } from '../utils/amount-schema';
import { formatCountdown } from '../utils/countdown';
import { AmountField } from './amount-field';
import { SuccessPanel } from './success-panel';

export interface WithdrawalDialogProps {
  method: TWithdrawalMethod;
  userId: string;
  /** The admin's switch on the client (spec 01 §4); the server decides in the end. */
  withdrawalEnabled: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Make Withdrawal (spec 01 §2, §4): amount and wallet address, then the Withdrawal Verification step
 * (a code sent by email, then verified), then the withdrawal is submitted. Closing resets it.
 */
export function WithdrawalDialog({ method, userId, withdrawalEnabled, open, onOpenChange }: WithdrawalDialogProps) {
  const { t } = useTranslation('wallet');
  const [locked, setLocked] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!locked) onOpenChange(next);
      }}
      title={t('withdrawal.dialogTitle')}
      className="max-w-lg"
    >
      <WithdrawalFlow
        method={method}
        userId={userId}
        withdrawalEnabled={withdrawalEnabled}
        onClose={() => onOpenChange(false)}
        onBusy={setLocked}
      />
    </Dialog>
  );
}

type TStep = 'details' | 'verify' | 'done';

function WithdrawalFlow({
  method,
  userId,
  withdrawalEnabled,
  onClose,
  onBusy,
}: {
  method: TWithdrawalMethod;
  userId: string;
  withdrawalEnabled: boolean;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['wallet', 'money', 'errors']);
  const navigate = useNavigate();
  const errorText = useErrorText();
  const balance = useBalance(userId);
  const withdrawal = useCreateWithdrawal(userId);
  const [step, setStep] = useState<TStep>('details');
  const [request, setRequest] = useState<TWithdrawalRequest | null>(null);
  /** The code was verified in this dialog: the next submit needs no new one. */
  const [verified, setVerified] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const available = balance.data?.withdrawable;
  const limits = useMemo<TAmountLimits>(
    () => ({ min: method.minAmount, max: method.maxAmount, available }),
    [method, available],
  );

  useEffect(() => onBusy(withdrawal.isPending), [withdrawal.isPending, onBusy]);
  const finish = () => {
    onClose();
    navigate('/user');
  };
  useAfterDelay(step === 'done', SUCCESS_CLOSE_MS, finish);

  /** The server's words for a refused withdrawal, in the client's language where we know them. */
  const refusal = (err: unknown): string => {
    if (err instanceof ApiError && err.code === 'INSUFFICIENT_FUNDS' && available !== undefined) {
      return t('errors:amountAboveWithdrawable', { available: formatMoney(available, i18n.resolvedLanguage) });
    }
    return errorText(err, t('wallet:withdrawal.failed'));
  };

  const submit = async (body: TWithdrawalRequest) => {
    setFailure(null);
    setFieldErrors({});
    try {
      await withdrawal.mutateAsync(body);
      toast.success(t('money:withdrawalInitiated'));
      setStep('done');
    } catch (err) {
      const message = refusal(err);
      toast.error(message);
      if (err instanceof ApiError && sharedMessageKey(err.message) === 'errors.codeNotVerified') {
        // The verification lapsed (or never happened): ask for a code again.
        setVerified(false);
        setStep('verify');
        setFailure(message);
        return;
      }
      if (err instanceof ApiError) setFieldErrors(err.fieldErrors);
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_FUNDS') void balance.refetch();
      setStep('details');
      setFailure(message);
    }
  };

  const onDetails = (body: TWithdrawalRequest) => {
    setRequest(body);
    setFailure(null);
    if (verified) void submit(body);
    else setStep('verify');
  };

  if (step === 'done') {
    return (
      <SuccessPanel title={t('money:withdrawalInitiated')} body={t('wallet:withdrawal.successBody')} onClose={finish} />
    );
  }

  return (
    <div className="space-y-5">
      <AvailableLine amount={available} pending={balance.isPending} />
      {!withdrawalEnabled && <Alert tone="warning">{t('errors:withdrawalsDisabled')}</Alert>}

      {step === 'details' && (
        <DetailsStep
          method={method}
          userId={userId}
          limits={limits}
          initial={request}
          serverErrors={fieldErrors}
          failure={failure}
          busy={withdrawal.isPending}
          blocked={!withdrawalEnabled}
          onCancel={onClose}
          onContinue={onDetails}
        />
      )}
      {step === 'verify' && request && (
        <VerifyStep
          userId={userId}
          method={method}
          request={request}
          failure={failure}
          submitting={withdrawal.isPending}
          onEdit={() => {
            setFailure(null);
            setStep('details');
          }}
          onVerified={() => {
            setVerified(true);
            void submit(request);
          }}
        />
      )}
    </div>
  );
}

function AvailableLine({ amount, pending }: { amount: number | undefined; pending: boolean }) {
  const { t } = useTranslation('wallet');
  if (!pending && amount === undefined) return null;
  return (
    <div
      className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface-2/50 px-4 py-3"
      data-testid="withdrawable"
    >
      <span className="text-sm text-muted">{t('withdrawal.available')}</span>
      {amount === undefined ? (
        <Skeleton className="h-5 w-24" />
      ) : (
        <Money amount={amount} className="text-lg font-semibold text-fg" />
      )}
    </div>
  );
}

type TDetailsValues = z.output<ReturnType<typeof withdrawalFormSchema>>;

function DetailsStep({
  method,
  userId,
  limits,
  initial,
  serverErrors,
  failure,
  busy,
  blocked,
  onCancel,
  onContinue,
}: {
  method: TWithdrawalMethod;
  userId: string;
  limits: TAmountLimits;
  initial: TWithdrawalRequest | null;
  serverErrors: Record<string, string>;
  failure: string | null;
  busy: boolean;
  /** Withdrawals are disabled for the client: nothing to continue to. */
  blocked: boolean;
  onCancel: () => void;
  onContinue: (body: TWithdrawalRequest) => void;
}) {
  const { t } = useTranslation(['wallet', 'common']);
  const text = useMessageText();
  const amountError = useAmountErrorText(limits);
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<TWithdrawalInput, unknown, TDetailsValues>({
    resolver: zodResolver(withdrawalFormSchema(limits)),
    mode: 'onChange',
    defaultValues: {
      amount: initial?.amount ?? '',
      address: initial?.address ?? '',
      withdrawalMethod: method.id,
      user: userId,
    },
  });

  // The withdrawable amount arrives after the form: check a typed amount against it again.
  useEffect(() => {
    if (limits.available !== undefined && getValues('amount') !== '') void trigger('amount');
  }, [limits.available, trigger, getValues]);

  useEffect(() => {
    for (const name of ['amount', 'address'] as const) {
      const message = serverErrors[name];
      if (message) setError(name, { type: 'server', message });
    }
  }, [serverErrors, setError]);

  const onSubmit: SubmitHandler<TDetailsValues> = (values) =>
    onContinue({
      amount: String(values.amount).trim(),
      address: values.address,
      withdrawalMethod: values.withdrawalMethod,
      user: values.user,
    });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <fieldset disabled={busy} className="space-y-4">
        <AmountField
          label={t('wallet:withdrawal.amount')}
          method={method}
          error={amountError(errors.amount?.message)}
          data-testid="withdrawal-amount"
          {...register('amount')}
        />
        <TextField
          label={t('wallet:withdrawal.address')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono"
          hint={t('wallet:withdrawal.addressHint', { method: method.name })}
          error={text(errors.address?.message)}
          data-testid="withdrawal-address"
          {...register('address')}
        />
      </fieldset>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={blocked} data-testid="withdrawal-continue">
          {busy ? t('wallet:withdrawal.submitting') : t('wallet:withdrawal.continue')}
        </Button>
      </div>
    </form>
  );
}

type TCodeValues = z.output<typeof ZVerifyCodeInput>;

function VerifyStep({
  userId,
  method,
  request,
  failure,
  submitting,
  onEdit,
  onVerified,
}: {
  userId: string;
  method: TWithdrawalMethod;
  request: TWithdrawalRequest;
  failure: string | null;
  submitting: boolean;
  onEdit: () => void;
  onVerified: () => void;
}) {
  const { t } = useTranslation(['wallet', 'money', 'errors']);
  const text = useMessageText();
  const errorText = useErrorText();
  const generate = useGenerateWithdrawalCode(userId);
  const verify = useVerifyWithdrawalCode(userId);
  const [sent, setSent] = useState(false);
  /** Codes sent in this dialog: each one restarts the resend wait. */
  const [sentCount, setSentCount] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof ZVerifyCodeInput>, unknown, TCodeValues>({
    resolver: zodResolver(ZVerifyCodeInput),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  useEffect(() => {
    if (sent) setFocus('code');
  }, [sent, setFocus]);

  const sendCode = async () => {
    setProblem(null);
    try {
      await generate.mutateAsync();
      toast.success(t('money:codeSent'));
      setSent(true);
      setSentCount((count) => count + 1);
    } catch (err) {
      const message = errorText(err, t('wallet:withdrawal.codeFailed'));
      toast.error(message);
      setProblem(message);
    }
  };

  const onSubmit: SubmitHandler<TCodeValues> = async ({ code }) => {
    setProblem(null);
    try {
      await verify.mutateAsync(code);
      toast.success(t('money:codeVerified'));
      onVerified();
    } catch (err) {
      const message = errorText(err, t('errors:codeInvalid'));
      toast.error(message);
      setError('code', { type: 'server', message });
    }
  };

  const busy = generate.isPending || verify.isPending || submitting;
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
          <ShieldCheck className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <h3 className="font-semibold text-fg">{t('wallet:withdrawal.verifyTitle')}</h3>
          <p className="mt-0.5 text-sm text-muted">{t('wallet:withdrawal.verifyIntro')}</p>
        </div>
      </div>

      <dl className="space-y-2 rounded-xl border border-border p-4 text-sm" data-testid="withdrawal-summary">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('wallet:withdrawal.summaryAmount')}</dt>
          <dd className="font-semibold text-fg">
            <Money amount={Number(request.amount)} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('wallet:withdrawal.summaryMethod')}</dt>
          <dd className="text-right text-fg">{method.name}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('wallet:withdrawal.summaryAddress')}</dt>
          <dd className="mt-1 break-all font-mono text-xs text-fg">{request.address}</dd>
        </div>
        <div className="pt-1">
          <Button variant="ghost" size="sm" className="-ml-3 text-primary" onClick={onEdit} disabled={busy}>
            {t('wallet:withdrawal.editDetails')}
          </Button>
        </div>
      </dl>

      {failure && <Alert tone="danger">{failure}</Alert>}
      {problem && <Alert tone="danger">{problem}</Alert>}

      {!sent ? (
        <Button className="w-full" onClick={sendCode} loading={generate.isPending} data-testid="send-code">
          {generate.isPending ? t('wallet:withdrawal.sending') : t('wallet:withdrawal.sendCode')}
        </Button>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
          <p className="flex items-center gap-2 text-sm text-success">
            <MailCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('money:codeSent')}
          </p>
          <TextField
            label={t('wallet:withdrawal.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={WITHDRAWAL_CODE_LENGTH}
            placeholder="000000"
            className="font-mono text-lg tracking-[0.4em]"
            hint={t('wallet:withdrawal.codeHint')}
            error={text(errors.code?.message)}
            disabled={busy}
            data-testid="withdrawal-code"
            {...register('code')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <ResendButton key={sentCount} onClick={sendCode} disabled={busy} />
            <Button type="submit" loading={verify.isPending || submitting} data-testid="verify-code">
              {submitting
                ? t('wallet:withdrawal.submitting')
                : verify.isPending
                  ? t('wallet:withdrawal.verifying')
                  : t('wallet:withdrawal.verify')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** "Send a new code", available once the server allows a new code (one a minute). */
function ResendButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  const { t } = useTranslation('wallet');
  const left = useCountdown(WITHDRAWAL_CODE_RESEND_SECONDS);
  return (
    <Button variant="ghost" onClick={onClick} disabled={disabled || left > 0} data-testid="resend-code">
      {left > 0 ? t('withdrawal.resendIn', { time: formatCountdown(left) }) : t('withdrawal.resend')}
    </Button>
  );
}
