import type { TWithdrawalAddressList } from '@meridian/contracts/address-book';
import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import type { TAmountLimits } from '@meridian/contracts/money';
import type { TWithdrawalInput } from '@meridian/contracts/transactions';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SubmitHandler, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AmountField } from '@/components/money/amount-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import type { withdrawalFormSchema } from '@/lib/amount-schema';
import { formatMoney } from '@/lib/format';
import { canSend, SavedAddressPicker } from './saved-address-picker';

/** The details form's checked values. */
export type TWithdrawalDetailsValues = z.output<ReturnType<typeof withdrawalFormSchema>>;
/** What the withdrawal is sent with: the amount as typed (trimmed), the address, the method and the client. */
export type TWithdrawalDetails = TWithdrawalInput & { amount: string };

export interface WithdrawalDetailsStepProps {
  /** The dialog's details form (it outlives this step, so its values and server errors come back with it). */
  form: UseFormReturn<TWithdrawalInput, unknown, TWithdrawalDetailsValues>;
  method: TWithdrawalMethod;
  limits: TAmountLimits;
  /** What the withdrawal limits allow in one request now, in dollars (null: no limit; undefined: not known yet). */
  limitNow?: number | null | undefined;
  failure: string | null;
  busy: boolean;
  /** Withdrawals are disabled for the client: nothing to continue to. */
  blocked: boolean;
  /** The client's address book: the withdrawal goes to one of its active addresses of the method. */
  book: UseQueryResult<TWithdrawalAddressList>;
  onCancel: () => void;
  onContinue: (body: TWithdrawalDetails) => void;
}

/**
 * The first step of Make Withdrawal: the amount (within the method's limits, the withdrawable amount
 * and what the withdrawal limits allow now) and the wallet address.
 */
export function WithdrawalDetailsStep({
  form,
  method,
  limits,
  limitNow,
  failure,
  busy,
  blocked,
  book,
  onCancel,
  onContinue,
}: WithdrawalDetailsStepProps) {
  const { t, i18n } = useTranslation(['withdrawals', 'common']);
  const text = useMessageText();
  const limitsError = useAmountErrorText(limits);
  /** The amount's error: the limits' own words (what they allow now, the reader's way), or the shared ones. */
  const amountError = (message: string | undefined) =>
    message === 'withdrawals.aboveLimitNow'
      ? t('withdrawals:aboveLimitNow', { left: formatMoney(limitNow ?? 0, i18n.resolvedLanguage) })
      : limitsError(message);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit: SubmitHandler<TWithdrawalDetailsValues> = (values) =>
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
          label={t('withdrawals:withdrawal.amount')}
          method={method}
          error={amountError(errors.amount?.message)}
          data-testid="withdrawal-amount"
          {...register('amount')}
        />
        <SavedAddressPicker form={form} method={method} book={book} error={text(errors.address?.message)} />
      </fieldset>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          loading={busy}
          disabled={blocked || !canSend(book.data, method.id)}
          data-testid="withdrawal-continue"
        >
          {busy ? t('withdrawals:withdrawal.submitting') : t('withdrawals:withdrawal.continue')}
        </Button>
      </div>
    </form>
  );
}
