import { zodResolver } from '@hookform/resolvers/zod';
import { processingTimeKey, type TDepositMethod } from '@meridian/contracts/methods';
import type { TDepositInput } from '@meridian/contracts/transactions';
import { Landmark } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AmountField } from '@/components/money/amount-field';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/field';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useAmountErrorText } from '@/hooks/use-amount-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { depositFormSchema } from '@/lib/amount-schema';
import { useDepositMethods } from '../api/get-deposit-methods';
import { DepositDialog } from './deposit-dialog';

type TDepositValues = z.output<ReturnType<typeof depositFormSchema>>;

/**
 * /user/deposit: a deposit method of the operator's and an amount in US dollars, checked against that
 * method's limits; Continue opens the method's Make Deposit dialog (its address, the wait, Complete
 * Deposit) with the amount filled in, the same dialog as from the method's page (docs/deviations.md,
 * "The deposit page").
 */
export function DepositForm({ userId }: { userId: string }) {
  const { t } = useTranslation('deposits');
  const methods = useDepositMethods();
  const [chosen, setChosen] = useState<{ method: TDepositMethod; amount: string }>();

  if (methods.isPending) {
    return (
      <LoadingStatus className="space-y-4 rounded-2xl border border-border bg-surface p-5" data-testid="loading">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-32" />
      </LoadingStatus>
    );
  }
  if (methods.isError) {
    return (
      <ErrorState title={t('deposit.error')} onRetry={() => void methods.refetch()} retrying={methods.isFetching} />
    );
  }
  if (methods.data.length === 0) {
    return <EmptyState icon={Landmark} title={t('deposit.empty')} description={t('deposit.emptyHint')} />;
  }
  return (
    <>
      <DepositFormBody
        methods={methods.data}
        userId={userId}
        onContinue={(method, amount) => setChosen({ method, amount })}
      />
      {chosen && (
        <DepositDialog
          method={chosen.method}
          userId={userId}
          defaultAmount={chosen.amount}
          onClose={() => setChosen(undefined)}
        />
      )}
    </>
  );
}

function DepositFormBody({
  methods,
  userId,
  onContinue,
}: {
  methods: TDepositMethod[];
  userId: string;
  onContinue: (method: TDepositMethod, amount: string) => void;
}) {
  const { t } = useTranslation(['deposits', 'methods']);
  const messageText = useMessageText();
  const first = methods[0];
  // The amount is checked against the limits of the method chosen at the time.
  const resolver = useMemo<Resolver<TDepositInput, unknown, TDepositValues>>(
    () => (values, context, options) => {
      const method = methods.find((m) => m.id === values.depositMethod) ?? first;
      const limits = { min: method?.minAmount ?? 0, max: method?.maxAmount ?? 0 };
      return zodResolver(depositFormSchema(limits, method?.name ?? ''))(values, context, options);
    },
    [methods, first],
  );
  const {
    register,
    handleSubmit,
    watch,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<TDepositInput, unknown, TDepositValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { amount: '', depositMethod: first?.id ?? '', user: userId },
  });
  const method = methods.find((m) => m.id === watch('depositMethod')) ?? first;
  const limits = useMemo(() => ({ min: method?.minAmount ?? 0, max: method?.maxAmount ?? 0 }), [method]);
  const amountError = useAmountErrorText(limits);
  const methodField = register('depositMethod', {
    // Another method has other limits: an amount already typed is checked against them at once.
    onChange: () => {
      if (getValues('amount') !== '') void trigger('amount');
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="deposit-form-title"
      className="space-y-5 rounded-2xl border border-border bg-surface p-5 sm:p-6"
      onSubmit={handleSubmit((values) => {
        const picked = methods.find((m) => m.id === values.depositMethod);
        if (picked) onContinue(picked, String(values.amount).trim());
      })}
    >
      <h2 id="deposit-form-title" className="sr-only">
        {t('form.title')}
      </h2>
      <SelectField
        label={t('form.method')}
        error={errors.depositMethod?.message && messageText(errors.depositMethod.message)}
        hint={
          method && `${t('methods:methods.processingTime')}: ${t(`methods:methods.${processingTimeKey(method.name)}`)}`
        }
        data-testid="deposit-form-method"
        {...methodField}
      >
        {methods.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </SelectField>
      {method && (
        <AmountField
          label={t('deposit.amount')}
          method={method}
          error={amountError(errors.amount?.message)}
          data-testid="deposit-form-amount"
          {...register('amount')}
        />
      )}
      <p className="text-sm text-muted">{t('form.currency')}</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" data-testid="deposit-form-continue">
        {t('form.continue')}
      </Button>
    </form>
  );
}
