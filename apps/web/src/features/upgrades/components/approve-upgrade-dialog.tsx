import { zodResolver } from '@hookform/resolvers/zod';
import { type TUpgradeRequest, ZUpgradeApproveInput } from '@meridian/contracts/investments';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePlans } from '@/api/plans';
import { FormDialog, useFormDialogSubmit } from '@/components/form-dialog';
import { SelectField } from '@/components/ui/field';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { messageKey } from '@/i18n';
import { numberFormat } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useApproveUpgrade } from '../api/approve-upgrade';

/** The plan the admin chooses ('Please select a plan'); the client comes from the request. */
const ZChoice = ZUpgradeApproveInput.pick({ newPlanId: true });
interface TChoice {
  newPlanId: string;
}
const FIELDS = ['newPlanId'] as const;

export interface ApproveUpgradeDialogProps {
  request: TUpgradeRequest;
  onClose: () => void;
}

/** Approve: choose the plan the client moves to, the one they asked for preselected. */
export function ApproveUpgradeDialog({ request, onClose }: ApproveUpgradeDialogProps) {
  const { t, i18n } = useTranslation('upgrades');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const plans = usePlans();
  const approve = useApproveUpgrade(request.user.id);
  const name = `${request.user.firstname} ${request.user.lastname}`.trim();
  const requested = plans.data?.some((plan) => plan.id === request.requestedPlan.id) ? request.requestedPlan.id : '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TChoice>({
    resolver: zodResolver(ZChoice),
    mode: 'onChange',
    defaultValues: { newPlanId: '' },
    // The requested plan is chosen once the plans arrive; a choice the admin made stays.
    values: { newPlanId: requested },
    resetOptions: { keepDirtyValues: true },
  });
  const approved = t(messageKey('investments.upgradeApproved'));
  const state = useFormDialogSubmit({
    mutation: approve,
    send: ({ newPlanId }: TChoice) => approve.mutateAsync(newPlanId),
    setError,
    fields: FIELDS,
    failedText: (err) => errorText(err, t('approveFailed')),
    onSuccess: () => toast.success(approved),
    onClose,
  });
  const percent = numberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent', maximumFractionDigits: 2 });

  return (
    <FormDialog
      title={t('approveTitle', { name })}
      description={t('approveDescription', { plan: request.requestedPlan.name })}
      testId="approve-upgrade-form"
      state={state}
      doneText={approved}
      onSubmit={handleSubmit(state.onSubmit)}
      onClose={onClose}
      submitLabel={t('approve')}
      submitDisabled={!plans.isSuccess}
      submitTestId="approve-upgrade-submit"
    >
      <QueryView
        query={plans}
        loading={
          <div role="status" aria-busy="true" className="space-y-2">
            <span className="sr-only">{t('common:loading')}</span>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full rounded-lg" />
          </div>
        }
        errorTitle={t('plansError')}
      >
        {(data) => (
          <SelectField
            label={t('plan')}
            disabled={state.done}
            data-autofocus
            error={text(errors.newPlanId?.message)}
            {...register('newPlanId')}
          >
            <option value="">{t('planPlaceholder')}</option>
            {data.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {t('planOption', {
                  name: plan.name,
                  interest: percent.format(plan.interest / 100),
                  days: t('plans:days', { days: plan.duration }),
                })}
                {plan.id === request.currentPlan?.id ? ` (${t('current')})` : ''}
              </option>
            ))}
          </SelectField>
        )}
      </QueryView>
    </FormDialog>
  );
}
