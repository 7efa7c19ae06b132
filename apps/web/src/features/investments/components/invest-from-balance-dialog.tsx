import { zodResolver } from '@hookform/resolvers/zod';
import type { TInvestFromBalanceInput, TInvestmentPlan } from '@meridian/contracts/investments';
import { useEffect, useMemo, useState } from 'react';
import { type SubmitHandler, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useBalance } from '@/api/balance';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Money } from '@/components/ui/money';
import { PlanBadge } from '@/components/ui/plan-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { useInvestFromBalance } from '../api/invest-from-balance';
import { INVEST_SUCCESS_CLOSE_MS } from '../constants';
import { investFromBalanceSchema } from '../utils/invest-schema';
import { EarningsExample } from './earnings-example';
import { InvestAmountField } from './invest-amount-field';
import { InvestSuccess } from './invest-success';

export interface InvestDialogProps {
  plan: TInvestmentPlan;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Invest From Balance: the amount (within the plan's limits and the balance), then the money moves
 * from the balance into the trading account at once and the investment waits for an admin. The
 * form mounts with the dialog, so closing it starts over.
 */
export function InvestFromBalanceDialog({ plan, userId, open, onOpenChange }: InvestDialogProps) {
  const { t } = useTranslation('investments');
  const [locked, setLocked] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!locked) onOpenChange(next);
      }}
      title={t('balance.title')}
      className="max-w-lg"
    >
      <InvestFromBalanceForm plan={plan} userId={userId} onClose={() => onOpenChange(false)} onBusy={setLocked} />
    </Dialog>
  );
}

type TValues = z.output<ReturnType<typeof investFromBalanceSchema>>;
/** The only field of the form a refused investment may name. */
const FIELDS = ['amount'] as const;

function InvestFromBalanceForm({
  plan,
  userId,
  onClose,
  onBusy,
}: {
  plan: TInvestmentPlan;
  userId: string;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation(['investments', 'common']);
  const navigate = useNavigate();
  const errorText = useApiErrorText();
  const invest = useInvestFromBalance(userId);
  const balance = useBalance(userId);
  const [failure, setFailure] = useState<string | null>(null);

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
        user: values.user,
        investmentPlan: values.investmentPlan,
      });
      toast.success(t('investments:createdFromBalance'));
    } catch (err) {
      const text = errorText(err, t('investments:balance.failed'));
      toast.error(text);
      if (!placeFieldErrors(err)) setFailure(text);
    }
  };

  if (done) {
    return (
      <InvestSuccess
        title={t('investments:createdFromBalance')}
        body={t('investments:balance.successBody', { plan: plan.name })}
        onClose={finish}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <dl className="space-y-2 rounded-xl border border-border bg-surface-2/50 p-4 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted">{t('investments:dialog.plan')}</dt>
          <dd className="min-w-0">
            <PlanBadge name={plan.name} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('investments:dialog.available')}</dt>
          <dd className="font-semibold text-fg" data-testid="available-balance">
            {balance.isPending ? (
              <Skeleton className="h-5 w-24" />
            ) : balance.isError ? (
              <span className="font-normal text-muted">{t('investments:dialog.availableUnknown')}</span>
            ) : (
              <Money amount={balance.data.balance} />
            )}
          </dd>
        </div>
      </dl>

      <fieldset disabled={busy} className="space-y-2">
        <InvestAmountField
          limits={limits}
          error={amountError(errors.amount?.message)}
          data-autofocus
          data-testid="invest-amount"
          {...register('amount')}
        />
        {!errors.amount && <EarningsExample amount={amount} terms={plan} className="text-sm text-muted" />}
      </fieldset>

      {failure && <Alert tone="danger">{failure}</Alert>}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" loading={busy} className="sm:min-w-44" data-testid="invest-submit">
          {busy ? t('investments:dialog.processing') : t('investments:balance.submit')}
        </Button>
      </div>
    </form>
  );
}
