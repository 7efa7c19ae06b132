import { zodResolver } from '@hookform/resolvers/zod';
import type { TInvestFromBalanceInput, TInvestmentPlan } from '@meridian/contracts/investments';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useBalance } from '@/api/balance';
import { useFormDialogSubmit } from '@/components/form-dialog';
import {
  AvailableBalance,
  MoneyDialog,
  MoneyFact,
  MoneyFacts,
  useCloseToDashboard,
} from '@/components/money/money-dialog';
import { PlanBadge } from '@/components/ui/plan-badge';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { toast } from '@/lib/toast';
import { useInvestFromBalance } from '../api/invest-from-balance';
import { INVEST_SUCCESS_CLOSE_MS } from '../constants';
import { investFromBalanceSchema } from '../utils/invest-schema';
import { EarningsExample } from './earnings-example';
import { InvestAmountField } from './invest-amount-field';
import { InvestSuccess } from './invest-success';

export interface InvestDialogProps {
  plan: TInvestmentPlan;
  userId: string;
  onClose: () => void;
}

type TValues = z.output<ReturnType<typeof investFromBalanceSchema>>;
/** The only field of the form a refused investment may name. */
const FIELDS = ['amount'] as const;

/**
 * Invest From Balance: the amount (within the plan's limits and the balance), then the money moves
 * from the balance into the trading account at once and the investment waits for an admin. The
 * form mounts with the dialog, so closing it starts over.
 */
export function InvestFromBalanceDialog({ plan, userId, onClose }: InvestDialogProps) {
  const { t } = useTranslation(['investments', 'common']);
  const errorText = useApiErrorText();
  const invest = useInvestFromBalance(userId);
  const balance = useBalance(userId);

  const available = balance.data?.balance;
  const limits = useMemo(
    () => ({ min: plan.minAmount, max: plan.maxAmount, available }),
    [plan.minAmount, plan.maxAmount, available],
  );
  const amountError = useAmountErrorText(limits);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<TInvestFromBalanceInput, unknown, TValues>({
    resolver: zodResolver(investFromBalanceSchema(limits)),
    mode: 'onChange',
    defaultValues: { amount: '', user: userId, investmentPlan: plan.id },
  });
  const amount = useWatch({ control, name: 'amount' });
  const finish = useCloseToDashboard(onClose);
  const state = useFormDialogSubmit({
    mutation: invest,
    send: (values: TValues) =>
      invest.mutateAsync({
        amount: String(values.amount).trim(),
        user: values.user,
        investmentPlan: values.investmentPlan,
      }),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('investments:balance.failed')),
    onSuccess: () => toast.success(t('investments:createdFromBalance')),
    onClose: finish,
    closeAfterMs: INVEST_SUCCESS_CLOSE_MS,
  });

  return (
    <MoneyDialog
      title={t('investments:balance.title')}
      state={state}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={state.busy ? t('investments:dialog.processing') : t('investments:balance.submit')}
      submitTestId="invest-submit"
      success={
        <InvestSuccess
          title={t('investments:createdFromBalance')}
          body={t('investments:balance.successBody', { plan: plan.name })}
          onClose={finish}
        />
      }
      intro={
        <MoneyFacts>
          <MoneyFact label={t('investments:dialog.plan')}>
            <PlanBadge name={plan.name} />
          </MoneyFact>
          <MoneyFact label={t('investments:dialog.available')}>
            <AvailableBalance
              balance={balance}
              unknownText={t('investments:dialog.availableUnknown')}
              testId="available-balance"
            />
          </MoneyFact>
        </MoneyFacts>
      }
    >
      <fieldset disabled={state.busy} className="space-y-2">
        <InvestAmountField
          limits={limits}
          error={amountError(errors.amount?.message)}
          data-autofocus
          data-testid="invest-amount"
          {...register('amount')}
        />
        {!errors.amount && <EarningsExample amount={amount} terms={plan} className="text-sm text-muted" />}
      </fieldset>
    </MoneyDialog>
  );
}
