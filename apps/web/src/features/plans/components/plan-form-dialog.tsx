import { zodResolver } from '@hookform/resolvers/zod';
import {
  PLAN_DURATIONS,
  PLAN_INTEREST_MAX,
  PLAN_TRADES_PER_DAY,
  type TInvestmentPlan,
  type TPlanInput,
  ZPlanInput,
} from '@meridian/contracts/investments';
import type { TMessageKey } from '@meridian/contracts/messages';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { useSavePlan } from '../api/save-plan';

/** A create or update dialog closes 3 seconds after it succeeded. */
const CLOSE_AFTER_MS = 3000;

/** The form holds what the inputs hold (text); the contract's schema checks and reads it. */
interface TPlanFormValues {
  name: string;
  interest: string;
  duration: string;
  noOfTimes: string;
  minAmount: string;
  maxAmount: string;
}
type TField = keyof TPlanFormValues;
const FIELDS: readonly TField[] = ['name', 'interest', 'duration', 'noOfTimes', 'minAmount', 'maxAmount'];

function initialValues(plan?: TInvestmentPlan): TPlanFormValues {
  return {
    name: plan?.name ?? '',
    interest: plan ? String(plan.interest) : '',
    duration: plan ? String(plan.duration) : '',
    noOfTimes: plan ? String(plan.noOfTimes) : '',
    minAmount: plan ? String(plan.minAmount) : '',
    maxAmount: plan ? String(plan.maxAmount) : '',
  };
}

export interface PlanFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Given: Edit Plan. Absent: Create New Plan. */
  plan?: TInvestmentPlan;
}

/** Create New Plan / Edit Plan: every field required, durations 7/10/14/30 days, 1 to 4 trades a day. */
export function PlanFormDialog({ open, onOpenChange, plan }: PlanFormDialogProps) {
  const { t } = useTranslation('plans');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(plan ? 'editTitle' : 'createTitle')} className="max-w-lg">
      {/* Mounted only while open: every opening starts from the plan's current values. */}
      {open && <PlanForm plan={plan} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PlanForm({ plan, onDone }: { plan?: TInvestmentPlan | undefined; onDone: () => void }) {
  const { t } = useTranslation('plans');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useSavePlan(plan?.id);
  const [failure, setFailure] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TPlanFormValues>({
    resolver: zodResolver(ZPlanInput) as unknown as Resolver<TPlanFormValues>,
    mode: 'onChange',
    defaultValues: initialValues(plan),
  });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);

  const done = save.isSuccess;
  useAfterDelay(done, CLOSE_AFTER_MS, onDone);
  const successKey: TMessageKey = plan ? 'investments.planUpdated' : 'investments.planCreated';

  const onSubmit: SubmitHandler<TPlanFormValues> = async (values) => {
    if (save.isPending || done) return;
    setFailure(null);
    try {
      // The resolver let these through the contract's schema.
      await save.mutateAsync(values as TPlanInput);
      toast.success(t(messageKey(successKey)));
    } catch (err) {
      if (placeFieldErrors(err)) return;
      const message = errorText(err, t(plan ? 'updateFailed' : 'createFailed'));
      setFailure(message);
      toast.error(message);
    }
  };

  const error = (name: TField) => text(errors[name]?.message);

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="plan-form">
      {plan?.inUse && (
        <Alert tone="info" className="flex items-start gap-2">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{t('inUseEdit')}</span>
        </Alert>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      {done && <Alert tone="success">{t(messageKey(successKey))}</Alert>}
      <fieldset disabled={done} className="space-y-4">
        <TextField
          label={t('fields.name')}
          placeholder={t('placeholders.name')}
          autoComplete="off"
          data-autofocus
          error={error('name')}
          {...register('name')}
        />
        <TextField
          label={t('fields.interest')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          max={PLAN_INTEREST_MAX}
          hint={t('hints.interest')}
          error={error('interest')}
          {...register('interest')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('fields.duration')} error={error('duration')} {...register('duration')}>
            <option value="">{t('placeholders.duration')}</option>
            {PLAN_DURATIONS.map((days) => (
              <option key={days} value={days}>
                {t('days', { days })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('fields.noOfTimes')} error={error('noOfTimes')} {...register('noOfTimes')}>
            <option value="">{t('placeholders.noOfTimes')}</option>
            {PLAN_TRADES_PER_DAY.map((times) => (
              <option key={times} value={times}>
                {t('timesPerDay', { times })}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.minAmount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={error('minAmount')}
            {...register('minAmount', { deps: ['maxAmount'] })}
          />
          <TextField
            label={t('fields.maxAmount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            error={error('maxAmount')}
            {...register('maxAmount')}
          />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t(done ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={done} data-testid="plan-submit">
          {t(plan ? 'saveChanges' : 'create')}
        </Button>
      </div>
    </form>
  );
}
