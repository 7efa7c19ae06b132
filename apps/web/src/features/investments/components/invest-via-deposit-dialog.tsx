import { zodResolver } from '@hookform/resolvers/zod';
import type { TInvestmentPlan, TInvestViaDepositInput } from '@meridian/contracts/investments';
import type { TDepositMethod } from '@meridian/contracts/methods';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFormDialogSubmit } from '@/components/form-dialog';
import { MoneyDialog, MoneyFact, MoneyFacts, useCloseToDashboard } from '@/components/money/money-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { PlanBadge } from '@/components/ui/plan-badge';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { toast } from '@/lib/toast';
import { useInvestViaDeposit } from '../api/invest-via-deposit';
import { INVEST_SUCCESS_CLOSE_MS } from '../constants';
import { investViaDepositSchema } from '../utils/invest-schema';
import { EarningsExample } from './earnings-example';
import { InvestAmountField } from './invest-amount-field';
import { InvestSuccess } from './invest-success';

export interface InvestViaDepositDialogProps {
  plan: TInvestmentPlan;
  userId: string;
  /** The deposit methods the client may pay with (GET /depositmethod). */
  methods: UseQueryResult<TDepositMethod[]>;
  onClose: () => void;
}

type TValues = z.output<ReturnType<typeof investViaDepositSchema>>;
/** The fields of the form a refused investment may name. */
const FIELDS = ['amount', 'depositMethod'] as const;

/**
 * Invest Via Deposit: a deposit method and the amount; the server records a Pending deposit and a
 * Pending investment tied to it, and the client then sends the money to the method's address.
 */
export function InvestViaDepositDialog({ plan, userId, methods, onClose }: InvestViaDepositDialogProps) {
  const { t } = useTranslation(['investments', 'common', 'deposits']);
  const errorText = useApiErrorText();
  const text = useMessageText();
  const invest = useInvestViaDeposit();

  const limits = useMemo(() => ({ min: plan.minAmount, max: plan.maxAmount }), [plan.minAmount, plan.maxAmount]);
  const amountError = useAmountErrorText(limits);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<TInvestViaDepositInput, unknown, TValues>({
    resolver: zodResolver(investViaDepositSchema(limits)),
    mode: 'onChange',
    defaultValues: { amount: '', depositMethod: '', user: userId, investmentPlan: plan.id },
  });
  const amount = useWatch({ control, name: 'amount' });
  const finish = useCloseToDashboard(onClose);
  const state = useFormDialogSubmit({
    mutation: invest,
    send: (values: TValues) =>
      invest.mutateAsync({
        amount: String(values.amount).trim(),
        depositMethod: values.depositMethod,
        user: values.user,
        investmentPlan: values.investmentPlan,
      }),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('investments:deposit.failed')),
    onSuccess: () => toast.success(t('investments:created')),
    onClose: finish,
    closeAfterMs: INVEST_SUCCESS_CLOSE_MS,
    toastFailure: false,
  });

  const deposit = invest.data?.deposit;
  const method = deposit?.depositMethod ?? methods.data?.find((m) => m.id === invest.variables?.depositMethod);
  const list = methods.data ?? [];
  return (
    <MoneyDialog
      title={t('investments:deposit.title')}
      state={state}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={state.busy ? t('investments:dialog.processing') : t('investments:deposit.submit')}
      submitTestId="invest-submit"
      success={
        invest.data && (
          <InvestSuccess
            title={t('investments:created')}
            body={t('investments:deposit.successBody')}
            payTo={
              method?.value
                ? {
                    methodName: method.name,
                    address: method.value,
                    amount: deposit?.amount ?? invest.data.investment.amount,
                  }
                : undefined
            }
            onClose={finish}
          />
        )
      }
      intro={
        <MoneyFacts>
          <MoneyFact label={t('investments:dialog.plan')}>
            <PlanBadge name={plan.name} />
          </MoneyFact>
        </MoneyFacts>
      }
      note={<p className="text-xs text-muted">{t('investments:deposit.note')}</p>}
    >
      <fieldset disabled={state.busy} className="space-y-4">
        <SelectField
          label={t('investments:deposit.method')}
          error={text(errors.depositMethod?.message)}
          disabled={methods.isPending || list.length === 0}
          data-autofocus
          data-testid="invest-method"
          {...register('depositMethod')}
        >
          <option value="">{methods.isPending ? t('common:loading') : t('investments:deposit.chooseMethod')}</option>
          {list.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </SelectField>
        {methods.isError ? (
          <Alert tone="danger" className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('deposits:deposit.error')}</span>
            <Button variant="outline" size="sm" onClick={() => methods.refetch()} loading={methods.isFetching}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : (
          methods.isSuccess && list.length === 0 && <Alert tone="warning">{t('deposits:deposit.empty')}</Alert>
        )}
        <div className="space-y-2">
          <InvestAmountField
            limits={limits}
            error={amountError(errors.amount?.message)}
            data-testid="invest-amount"
            {...register('amount')}
          />
          {!errors.amount && <EarningsExample amount={amount} terms={plan} className="text-sm text-muted" />}
        </div>
      </fieldset>
    </MoneyDialog>
  );
}
