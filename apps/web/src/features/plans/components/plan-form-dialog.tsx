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
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { LimitFields } from '@/components/money/limit-fields';
import { Alert } from '@/components/ui/alert';
import { SelectField, TextField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
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
  onClose: () => void;
  /** Given: Edit Plan. Absent: Create New Plan. */
  plan?: TInvestmentPlan | undefined;
}

/**
 * Create New Plan / Edit Plan: every field required, durations 7/10/14/30 days, 1 to 4 trades a day.
 * It mounts when opened, so every opening starts from the plan's current values.
 */
export function PlanFormDialog({ onClose, plan }: PlanFormDialogProps) {
  const { t } = useTranslation('plans');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const save = useSavePlan(plan?.id);

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
  const successKey: TMessageKey = plan ? 'investments.planUpdated' : 'investments.planCreated';
  const state = useFormDialogSubmit({
    mutation: save,
    // The resolver let these through the contract's schema.
    send: (values: TPlanFormValues) => save.mutateAsync(values as TPlanInput),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t(plan ? 'updateFailed' : 'createFailed')),
    onSuccess: () => toast.success(t(messageKey(successKey))),
    onClose,
    closeAfterMs: CLOSE_AFTER_MS,
  });

  const error = (name: TField) => text(errors[name]?.message);

  return (
    <FormDialog
      title={t(plan ? 'editTitle' : 'createTitle')}
      className="max-w-lg"
      testId="plan-form"
      state={state}
      doneText={t(messageKey(successKey))}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t(plan ? 'saveChanges' : 'create')}
      submitTestId="plan-submit"
      intro={
        plan?.inUse && (
          <Alert tone="info" className="flex items-start gap-2">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{t('inUseEdit')}</span>
          </Alert>
        )
      }
    >
      <fieldset disabled={state.done} className="space-y-4">
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
        <LimitFields
          min={{
            label: t('fields.minAmount'),
            error: error('minAmount'),
            ...register('minAmount', { deps: ['maxAmount'] }),
          }}
          max={{ label: t('fields.maxAmount'), error: error('maxAmount'), ...register('maxAmount') }}
        />
      </fieldset>
    </FormDialog>
  );
}
