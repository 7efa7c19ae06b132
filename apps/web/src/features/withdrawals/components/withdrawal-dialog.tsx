import { zodResolver } from '@hookform/resolvers/zod';
import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import type { TAmountLimits } from '@meridian/contracts/money';
import type { TWithdrawalInput } from '@meridian/contracts/transactions';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBalance } from '@/api/balance';
import { useWithdrawalAddresses } from '@/api/withdrawal-addresses';
import { useCloseToDashboard } from '@/components/money/money-dialog';
import { SUCCESS_CLOSE_MS, SuccessPanel } from '@/components/money/success-panel';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { withdrawalFormSchema } from '@/lib/amount-schema';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawalLimits } from '../api/get-withdrawal-limits';
import { useLimitRefusalText } from '../hooks/use-limit-refusal-text';
import {
  type TWithdrawalDetails,
  type TWithdrawalDetailsValues,
  WithdrawalDetailsStep,
} from './withdrawal-details-step';
import { WithdrawalLimitsPanel } from './withdrawal-limits-panel';
import { WithdrawalVerifyStep } from './withdrawal-verify-step';

export interface WithdrawalDialogProps {
  method: TWithdrawalMethod;
  userId: string;
  /** The admin's switch on the client; the server decides in the end. */
  withdrawalEnabled: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Make Withdrawal: amount and wallet address, then the Withdrawal Verification step (a code sent by
 * email, then verified), then the withdrawal is submitted. Closing resets it.
 */
export function WithdrawalDialog({ method, userId, withdrawalEnabled, open, onOpenChange }: WithdrawalDialogProps) {
  const { t } = useTranslation('withdrawals');
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

/** The fields of the details form a refused withdrawal may name. */
const DETAIL_FIELDS = ['amount', 'address'] as const;

/**
 * The steps and what they share: the details form (kept across steps, so Edit details and a refusal
 * come back to what was typed), whether the code was verified in this dialog, and the last refusal.
 */
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
  const { t, i18n } = useTranslation(['withdrawals', 'errors']);
  const errorText = useApiErrorText();
  const balance = useBalance(userId);
  const withdrawal = useCreateWithdrawal();
  const book = useWithdrawalAddresses(userId);
  const withdrawalLimits = useWithdrawalLimits(userId);
  const limitRefusal = useLimitRefusalText();
  const [step, setStep] = useState<TStep>('details');
  const [request, setRequest] = useState<TWithdrawalDetails | null>(null);
  /** The code was verified in this dialog: the next submit needs no new one. */
  const [verified, setVerified] = useState(false);
  /** Each lapsed verification starts the verification step again, from Send code. */
  const [verifyRound, setVerifyRound] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  const available = balance.data?.withdrawable;
  const limits = useMemo<TAmountLimits>(
    () => ({ min: method.minAmount, max: method.maxAmount, available }),
    [method, available],
  );
  /** What the withdrawal limits allow in one request now (null: none); the server stays the judge. */
  const limitNow = withdrawalLimits.data?.upTo;
  const form = useForm<TWithdrawalInput, unknown, TWithdrawalDetailsValues>({
    resolver: zodResolver(withdrawalFormSchema(limits, method.name, limitNow)),
    mode: 'onChange',
    defaultValues: { amount: '', address: '', withdrawalMethod: method.id, user: userId },
  });
  const placeFieldErrors = useServerFieldErrors(form.setError, DETAIL_FIELDS);

  // The withdrawable amount and the limits arrive after the form: check a typed amount against them again.
  const { trigger, getValues } = form;
  useEffect(() => {
    if ((available !== undefined || limitNow !== undefined) && getValues('amount') !== '') void trigger('amount');
  }, [available, limitNow, trigger, getValues]);

  useEffect(() => onBusy(withdrawal.isPending), [withdrawal.isPending, onBusy]);
  const finish = useCloseToDashboard(onClose);
  useAfterDelay(step === 'done', SUCCESS_CLOSE_MS, finish);

  /** The server's words for a refused withdrawal, in the client's language. */
  const refusal = (err: unknown): string => {
    if (err instanceof ApiError && err.code === 'INSUFFICIENT_FUNDS' && available !== undefined) {
      return t('errors:amountAboveWithdrawable', { available: formatMoney(available, i18n.resolvedLanguage) });
    }
    const overLimit = limitRefusal(err);
    if (overLimit) return overLimit;
    return errorText(err, t('withdrawals:withdrawal.failed'));
  };

  const submit = async (body: TWithdrawalDetails) => {
    setFailure(null);
    try {
      await withdrawal.mutateAsync(body);
      toast.success(t('withdrawals:withdrawalInitiated'));
      setStep('done');
    } catch (err) {
      const message = refusal(err);
      toast.error(message);
      setFailure(message);
      if (err instanceof ApiError && err.messageRef?.key === 'errors.codeNotVerified') {
        // The verification lapsed (or never happened): ask for a code again.
        setVerified(false);
        setVerifyRound((round) => round + 1);
        setStep('verify');
        return;
      }
      placeFieldErrors(err);
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_FUNDS') void balance.refetch();
      // What is left changed since the form read it (another device, a decision): read it again.
      if (err instanceof ApiError && err.code === 'WITHDRAWAL_LIMIT') void withdrawalLimits.refetch();
      setStep('details');
    }
  };

  const onDetails = (body: TWithdrawalDetails) => {
    setRequest(body);
    setFailure(null);
    if (verified) void submit(body);
    else setStep('verify');
  };

  if (step === 'done') {
    return (
      <SuccessPanel
        title={t('withdrawals:withdrawalInitiated')}
        body={t('withdrawals:withdrawal.successBody')}
        onClose={finish}
      />
    );
  }

  return (
    <div className="space-y-5">
      <AvailableLine amount={available} pending={balance.isPending} />
      {withdrawalLimits.data && <WithdrawalLimitsPanel limits={withdrawalLimits.data} withdrawable={available} />}
      {!withdrawalEnabled && <Alert tone="warning">{t('errors:withdrawalsDisabled')}</Alert>}

      {step === 'details' && (
        <WithdrawalDetailsStep
          form={form}
          method={method}
          limits={limits}
          limitNow={limitNow}
          failure={failure}
          busy={withdrawal.isPending}
          blocked={!withdrawalEnabled}
          book={book}
          onCancel={onClose}
          onContinue={onDetails}
        />
      )}
      {step === 'verify' && request && (
        <WithdrawalVerifyStep
          key={verifyRound}
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
  const { t } = useTranslation('withdrawals');
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
