import { planColour, type TInvestmentPlan } from '@meridian/contracts/investments';
import { ArrowRight, CircleCheck, Hourglass } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { PlanBadge, planAccent } from '@/components/ui/plan-badge';
import { cn } from '@/lib/cn';
import type { TPlanAction } from '../utils/plan-action';
import { Interest, PlanFacts } from './plan-facts';

export interface PlanCardProps {
  plan: TInvestmentPlan;
  action: TPlanAction;
  /** The client asked to move to this plan and an admin has not decided yet. */
  requested?: boolean;
  /** Another upgrade is pending or being sent: no second request. */
  upgradeDisabled?: boolean;
  /** This card's upgrade request is on its way. */
  upgrading?: boolean;
  onUpgrade?: (plan: TInvestmentPlan) => void;
}

/**
 * A card of Trading Plans: the plan's name in its colour, its total return, its terms, and the
 * button the client's plan calls for (Current Plan, Upgrade to Plan, or Continue with Plan).
 */
export function PlanCard({ plan, action, requested, upgradeDisabled, upgrading, onUpgrade }: PlanCardProps) {
  const { t } = useTranslation('investments');
  const titleId = useId();
  const current = action === 'current';
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col overflow-hidden rounded-2xl border bg-surface p-5 pt-6 transition-shadow hover:shadow-lg',
        current ? 'border-primary' : 'border-border',
      )}
      data-testid="plan-card"
    >
      <span aria-hidden="true" className={cn('absolute inset-x-0 top-0 h-1', planAccent[planColour(plan.name)])} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0">
          <PlanBadge name={plan.name} />
        </h2>
        {requested && (
          <Badge tone="warning" icon={<Hourglass className="h-3.5 w-3.5" aria-hidden="true" />}>
            {t('plans.requested')}
          </Badge>
        )}
      </div>
      <p className="mt-4 text-4xl font-semibold tracking-tight text-fg">
        <Interest value={plan.interest} />
      </p>
      <p className="text-sm text-muted">{t('plan.interestHint', { days: plan.duration })}</p>
      <PlanFacts plan={plan} className="mt-5 flex-1" />
      <div className="mt-5">
        {action === 'current' ? (
          <>
            <p
              className="flex h-10 items-center justify-center gap-2 rounded-lg border border-primary/40 bg-primary/10 text-sm font-semibold text-primary"
              data-testid="plan-current"
            >
              <CircleCheck className="h-4 w-4" aria-hidden="true" />
              {t('plans.currentPlan')}
            </p>
            {/* Investing again in one's own plan starts from its page. */}
            <Link
              to={`/user/investmentplan/${plan.id}`}
              aria-describedby={titleId}
              className="mt-2 block rounded-sm text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('plans.details')}
            </Link>
          </>
        ) : action === 'upgrade' ? (
          <Button
            variant="outline"
            className="w-full"
            aria-describedby={titleId}
            disabled={upgradeDisabled}
            loading={upgrading}
            onClick={() => onUpgrade?.(plan)}
            data-testid="plan-upgrade"
          >
            {t('plans.upgrade')}
          </Button>
        ) : (
          <ButtonLink
            className="w-full"
            to={`/user/investmentplan/${plan.id}`}
            aria-describedby={titleId}
            data-testid="plan-continue"
          >
            {t('plans.continue')}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        )}
      </div>
    </li>
  );
}
