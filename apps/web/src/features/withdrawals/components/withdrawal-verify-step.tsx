import { zodResolver } from '@hookform/resolvers/zod';
import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import { type TVerifyCodeInput, ZVerifyCodeInput } from '@meridian/contracts/transactions';
import { WITHDRAWAL_CODE_LENGTH, WITHDRAWAL_CODE_RESEND_SECONDS } from '@meridian/contracts/withdrawals';
import { MailCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountdown } from '@/hooks/use-countdown';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { formatCountdown } from '@/lib/countdown';
import { toast } from '@/lib/toast';
import { useGenerateWithdrawalCode } from '../api/generate-withdrawal-code';
import { useVerifyWithdrawalCode } from '../api/verify-withdrawal-code';
import type { TWithdrawalDetails } from './withdrawal-details-step';

type TCodeValues = z.output<typeof ZVerifyCodeInput>;
const CODE_FIELDS = ['code'] as const;

export interface WithdrawalVerifyStepProps {
  userId: string;
  method: TWithdrawalMethod;
  request: TWithdrawalDetails;
  failure: string | null;
  submitting: boolean;
  onEdit: () => void;
  onVerified: () => void;
}

/**
 * Withdrawal Verification: the summary of what will be withdrawn, Send code, then the emailed code;
 * a verified code sends the withdrawal (`onVerified`).
 */
export function WithdrawalVerifyStep({
  userId,
  method,
  request,
  failure,
  submitting,
  onEdit,
  onVerified,
}: WithdrawalVerifyStepProps) {
  const { t } = useTranslation(['withdrawals', 'errors']);
  const text = useMessageText();
  const errorText = useApiErrorText();
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
  } = useForm<TVerifyCodeInput, unknown, TCodeValues>({
    resolver: zodResolver(ZVerifyCodeInput),
    mode: 'onChange',
    defaultValues: { code: '' },
  });
  const placeCodeError = useServerFieldErrors(setError, CODE_FIELDS);

  useEffect(() => {
    if (sent) setFocus('code');
  }, [sent, setFocus]);

  const sendCode = async () => {
    setProblem(null);
    try {
      await generate.mutateAsync();
      toast.success(t('withdrawals:codeSent'));
      setSent(true);
      setSentCount((count) => count + 1);
    } catch (err) {
      const message = errorText(err, t('withdrawals:withdrawal.codeFailed'));
      toast.error(message);
      setProblem(message);
    }
  };

  const onSubmit: SubmitHandler<TCodeValues> = async ({ code }) => {
    setProblem(null);
    try {
      await verify.mutateAsync({ code });
      toast.success(t('withdrawals:codeVerified'));
      onVerified();
    } catch (err) {
      const message = errorText(err, t('errors:codeInvalid'));
      toast.error(message);
      // A refusal that names no field (too many tries, no session) is still the code's.
      if (!placeCodeError(err)) setError('code', { type: 'server', message });
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
          <h3 className="font-semibold text-fg">{t('withdrawals:withdrawal.verifyTitle')}</h3>
          <p className="mt-0.5 text-sm text-muted">{t('withdrawals:withdrawal.verifyIntro')}</p>
        </div>
      </div>

      <WithdrawalSummary method={method} request={request} busy={busy} onEdit={onEdit} />

      {failure && <Alert tone="danger">{failure}</Alert>}
      {problem && <Alert tone="danger">{problem}</Alert>}

      {!sent ? (
        <Button className="w-full" onClick={sendCode} loading={generate.isPending} data-testid="send-code">
          {generate.isPending ? t('withdrawals:withdrawal.sending') : t('withdrawals:withdrawal.sendCode')}
        </Button>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
          <p className="flex items-center gap-2 text-sm text-success">
            <MailCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('withdrawals:codeSent')}
          </p>
          <TextField
            label={t('withdrawals:withdrawal.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={WITHDRAWAL_CODE_LENGTH}
            placeholder="000000"
            className="font-mono text-lg tracking-[0.4em]"
            hint={t('withdrawals:withdrawal.codeHint')}
            error={text(errors.code?.message)}
            disabled={busy}
            data-testid="withdrawal-code"
            {...register('code')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <ResendButton key={sentCount} onClick={sendCode} disabled={busy} />
            <Button type="submit" loading={verify.isPending || submitting} data-testid="verify-code">
              {submitting
                ? t('withdrawals:withdrawal.submitting')
                : verify.isPending
                  ? t('withdrawals:withdrawal.verifying')
                  : t('withdrawals:withdrawal.verify')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** What will be withdrawn, with Edit details to go back to the form. */
function WithdrawalSummary({
  method,
  request,
  busy,
  onEdit,
}: {
  method: TWithdrawalMethod;
  request: TWithdrawalDetails;
  busy: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('withdrawals');
  return (
    <dl className="space-y-2 rounded-xl border border-border p-4 text-sm" data-testid="withdrawal-summary">
      <div className="flex justify-between gap-3">
        <dt className="text-muted">{t('withdrawal.summaryAmount')}</dt>
        <dd className="font-semibold text-fg">
          <Money amount={Number(request.amount)} />
        </dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-muted">{t('withdrawal.summaryMethod')}</dt>
        <dd className="text-right text-fg">{method.name}</dd>
      </div>
      <div>
        <dt className="text-muted">{t('withdrawal.summaryAddress')}</dt>
        <dd className="mt-1 break-all font-mono text-xs text-fg">{request.address}</dd>
      </div>
      <div className="pt-1">
        <Button variant="ghost" size="sm" className="-ml-3 text-primary" onClick={onEdit} disabled={busy}>
          {t('withdrawal.editDetails')}
        </Button>
      </div>
    </dl>
  );
}

/** "Send a new code", available once the server allows a new code (one a minute). */
function ResendButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  const { t } = useTranslation('withdrawals');
  const left = useCountdown(WITHDRAWAL_CODE_RESEND_SECONDS);
  return (
    <Button variant="ghost" onClick={onClick} disabled={disabled || left > 0} data-testid="resend-code">
      {left > 0 ? t('withdrawal.resendIn', { time: formatCountdown(left) }) : t('withdrawal.resend')}
    </Button>
  );
}
