import { zodResolver } from '@hookform/resolvers/zod';
import { type TInvestmentPlan, type TUpgradeRequest, ZUpgradeApproveInput } from '@meridian/contracts/investments';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { usePlans } from '@/api/plans';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/field';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useMessageText } from '@/hooks/use-message-text';
import { useServerFieldErrors } from '@/hooks/use-server-field-errors';
import { messageKey } from '@/i18n';
import { numberFormat } from '@/lib/format';
import { useApproveUpgrade } from '../api/approve-upgrade';

/** A decision dialog closes 2 seconds after it succeeded, as status dialogs do. */
const CLOSE_AFTER_MS = 2000;

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
  const { t } = useTranslation('upgrades');
  const plans = usePlans();
  const approve = useApproveUpgrade(request.user.id);
  const name = `${request.user.firstname} ${request.user.lastname}`.trim();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !approve.isPending) onClose();
      }}
      title={t('approveTitle', { name })}
      description={t('approveDescription', { plan: request.requestedPlan.name })}
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
        {(data) => <ApproveForm request={request} plans={data} approve={approve} onClose={onClose} />}
      </QueryView>
    </Dialog>
  );
}

interface ApproveFormProps {
  request: TUpgradeRequest;
  plans: TInvestmentPlan[];
  approve: ReturnType<typeof useApproveUpgrade>;
  onClose: () => void;
}

function ApproveForm({ request, plans, approve, onClose }: ApproveFormProps) {
  const { t, i18n } = useTranslation('upgrades');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const requested = plans.some((plan) => plan.id === request.requestedPlan.id) ? request.requestedPlan.id : '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TChoice>({ resolver: zodResolver(ZChoice), mode: 'onChange', defaultValues: { newPlanId: requested } });
  const placeFieldErrors = useServerFieldErrors(setError, FIELDS);
  const done = approve.isSuccess;
  const approved = t(messageKey('investments.upgradeApproved'));
  useAfterDelay(done, CLOSE_AFTER_MS, onClose);
  const percent = numberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent', maximumFractionDigits: 2 });

  const onSubmit: SubmitHandler<TChoice> = async ({ newPlanId }) => {
    if (approve.isPending || done) return;
    setFailure(null);
    try {
      await approve.mutateAsync(newPlanId);
      toast.success(approved);
    } catch (err) {
      const message = errorText(err, t('approveFailed'));
      if (!placeFieldErrors(err)) setFailure(message);
      toast.error(message);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" data-testid="approve-upgrade-form">
      {failure && <Alert tone="danger">{failure}</Alert>}
      {done && <Alert tone="success">{approved}</Alert>}
      <SelectField
        label={t('plan')}
        disabled={done}
        data-autofocus
        error={text(errors.newPlanId?.message)}
        {...register('newPlanId')}
      >
        <option value="">{t('planPlaceholder')}</option>
        {plans.map((plan) => (
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
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={approve.isPending}>
          {t(done ? 'common:actions.close' : 'common:actions.cancel')}
        </Button>
        <Button type="submit" loading={approve.isPending} disabled={done} data-testid="approve-upgrade-submit">
          {t('approve')}
        </Button>
      </div>
    </form>
  );
}
