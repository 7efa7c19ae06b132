import { zodResolver } from '@hookform/resolvers/zod';
import type { TInvestmentPlan, TInvestViaDepositInput } from '@meridian/contracts/investments';
import type { TDepositMethod } from '@meridian/contracts/methods';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type SubmitHandler, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/field';
import { PlanBadge } from '@/components/ui/plan-badge';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
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
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Invest Via Deposit: a deposit method and the amount; the server records a Pending deposit and a
 * Pending investment tied to it, and the client then sends the money to the method's address.
 */
export function InvestViaDepositDialog({ plan, userId, methods, open, onOpenChange }: InvestViaDepositDialogProps) {
  const { t } = useTranslation('investments');
  const [locked, setLocked] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!locked) onOpenChange(next);
      }}
      title={t('deposit.title')}
      className="max-w-lg"
    >
      <InvestViaDepositForm
        plan={plan}
        userId={userId}
        methods={methods}
        onClose={() => onOpenChange(false)}
        onBusy={setLocked}
      />
    </Dialog>
  );
}

type TValues = z.output<ReturnType<typeof investViaDepositSchema>>;
/** The fields of the form a refused investment may name. */
const FIELDS = ['amount', 'depositMethod'] as const;

function InvestViaDepositForm({
  plan,
  userId,
  methods,
  onClose,
  onBusy,
}: {
  plan: TInvestmentPlan;
  userId: string;
  methods: UseQueryResult<TDepositMethod[]>;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation(['investments', 'common', 'deposits']);
  const navigate = useNavigate();
  const errorText = useApiErrorText();
  const text = useMessageText();
  const invest = useInvestViaDeposit();
  const [failure, setFailure] = useState<string | null>(null);

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
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const amount = useWatch({ control, name: 'amount' });

  const done = invest.isSuccess;
  const busy = invest.isPending;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  const finish = () => {
    onClose();
    navigate('/user');
  };
  useAfterDelay(done, INVEST_SUCCESS_CLOSE_MS, finish);

  const onSubmit: SubmitHandler<TValues> = async (values) => {
    if (busy) return;
    setFailure(null);
    try {
      await invest.mutateAsync({
        amount: String(values.amount).trim(),
        depositMethod: values.depositMethod,
        user: values.user,
        investmentPlan: values.investmentPlan,
      });
      toast.success(t('investments:created'));
    } catch (err) {
      if (!placeFieldErrors(err)) setFailure(errorText(err, t('investments:deposit.failed')));
    }
  };

  if (done && invest.data) {
    const deposit = invest.data.deposit;
    const method = deposit?.depositMethod ?? methods.data?.find((m) => m.id === invest.variables?.depositMethod);
    return (
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
    );
  }

  const list = methods.data ?? [];
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <dl className="rounded-xl border border-border bg-surface-2/50 p-4 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted">{t('investments:dialog.plan')}</dt>
          <dd className="min-w-0">
            <PlanBadge name={plan.name} />
          </dd>
        </div>
      </dl>

      <fieldset disabled={busy} className="space-y-4">
        <SelectField
          label={t('investments:deposit.method')}
          error={text(errors.depositMethod?.message)}
          disabled={methods.isPending || list.length === 0}
          data-autofocus
          data-testid="invest-method"
          {...register('depositMethod')}
        >
          <option value="">{methods.isPending ? t('common:loading') : t('investments:deposit.chooseMethod')}</option>
          {list.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
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

      <p className="text-xs text-muted">{t('investments:deposit.note')}</p>

      {failure && <Alert tone="danger">{failure}</Alert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" loading={busy} className="sm:min-w-44" data-testid="invest-submit">
          {busy ? t('investments:dialog.processing') : t('investments:deposit.submit')}
        </Button>
      </div>
    </form>
  );
}
