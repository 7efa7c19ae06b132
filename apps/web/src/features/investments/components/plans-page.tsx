import type { TInvestmentPlan } from '@meridian/contracts/investments';
import { ArrowLeft, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePlans } from '@/api/plans';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PlanBadge } from '@/components/ui/plan-badge';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useGoBack } from '@/hooks/use-go-back';
import { toast } from '@/lib/toast';
import { usePendingUpgrade } from '../api/get-my-upgrade';
import { useRequestUpgrade } from '../api/request-upgrade';
import { planAction } from '../utils/plan-action';
import { PlanCard } from './plan-card';

export interface PlansPageProps {
  userId: string;
  /** The client's current plan (the signed-in user's `plan`). */
  clientPlan: { id: string; name: string } | null;
}

/**
 * /user/investmentplan, Trading Plans: the plans as cards, each with the button the client's plan
 * calls for, and the client's pending upgrade request while an admin has not decided it.
 */
export function PlansPage({ userId, clientPlan }: PlansPageProps) {
  const { t } = useTranslation(['investments', 'common']);
  const goBack = useGoBack();
  const plans = usePlans();
  const pending = usePendingUpgrade(userId, clientPlan !== null);
  const upgrade = useRequestUpgrade();
  const errorText = useApiErrorText();

  const onUpgrade = async (plan: TInvestmentPlan) => {
    try {
      await upgrade.mutateAsync({ userId, newPlanId: plan.id });
      toast.success(t('investments:upgradeRequested'));
    } catch (err) {
      toast.error(errorText(err, t('investments:plans.upgradeFailed')));
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('common:actions.back')}
      </Button>
      <div>
        <h1 className="text-2xl font-semibold text-fg">{t('investments:plans.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('investments:plans.subtitle')}</p>
      </div>

      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="client-plan">
        <span className="text-muted">{t('investments:plans.yourPlan')}</span>
        {clientPlan ? (
          <PlanBadge name={clientPlan.name} />
        ) : (
          <span className="text-fg">{t('investments:plans.noPlan')}</span>
        )}
      </div>

      {pending && (
        <Alert tone="warning" className="flex items-center gap-2">
          <span data-testid="upgrade-pending">
            {t('investments:upgradePending', { plan: pending.requestedPlan.name })}
          </span>
        </Alert>
      )}

      <QueryView
        query={plans}
        loading={
          <div
            role="status"
            aria-busy="true"
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            data-testid="loading"
          >
            <span className="sr-only">{t('common:loading')}</span>
            {['a', 'b', 'c'].map((key) => (
              <Skeleton key={key} className="h-96 rounded-2xl" />
            ))}
          </div>
        }
        errorTitle={t('investments:plans.error')}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={Layers}
            title={t('investments:plans.empty')}
            description={t('investments:plans.emptyHint')}
          />
        }
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                action={planAction(plan.id, clientPlan?.id)}
                requested={pending?.requestedPlan.id === plan.id}
                upgradeDisabled={pending !== null || upgrade.isPending}
                upgrading={upgrade.isPending && upgrade.variables?.newPlanId === plan.id}
                onUpgrade={onUpgrade}
              />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
