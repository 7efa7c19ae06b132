import type { TPublicPlan } from '@meridian/contracts/investments';
import { Crown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeSection } from '@/components/home-section';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatMoney, formatPercent } from '@/lib/format';
import { usePublicPlans } from '../api/get-public-plans';

/** A plan's interest has at most 2 decimals (contracts/investments.ts): shown as entered. */
const INTEREST_DECIMALS = 2;

/** Four cards a row when they fill rows of four, else three, so a row is never left with one card alone by default. */
const gridOf = (count: number) =>
  cn('mt-6 grid gap-4 sm:grid-cols-2', count % 4 === 0 ? 'lg:grid-cols-4' : 'lg:grid-cols-3');

/**
 * The operator's live plans with their real terms (`GET /api/public/plans`), each with Get Started
 * (→ /register), and a VIP link (→ /support). No plan, or no answer, and the section is not there at
 * all: a claim must be true or absent (docs/deviations.md, "No fixed marketing figures").
 */
export function Plans() {
  const { t } = useTranslation('home');
  const plans = usePublicPlans();
  if (plans.isError || (plans.data && plans.data.length === 0)) return null;
  return (
    <HomeSection id="plans-title" title={t('plans.title')} lead={t('plans.lead')}>
      {plans.data ? (
        <ul className={gridOf(plans.data.length)}>
          {plans.data.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </ul>
      ) : (
        // Placeholders of a card's height while the plans arrive, so the page below does not jump.
        <LoadingStatus className={gridOf(3)} data-testid="plans-loading">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-72 w-full rounded-2xl" />
          ))}
        </LoadingStatus>
      )}
      <p className="mt-4 text-xs text-muted">{t('plans.disclaimer')}</p>
      <p className="mt-6 flex flex-wrap items-center gap-2 text-sm text-fg">
        <Crown className="h-4 w-4 text-warning" aria-hidden="true" />
        {t('plans.vip')}
        <Link to="/support" className="font-semibold text-primary underline-offset-4 hover:underline">
          {t('plans.vipLink')}
        </Link>
      </p>
    </HomeSection>
  );
}

/** One plan: its name, its total return over its term, its limits and payouts a day. */
function PlanCard({ plan }: { plan: TPublicPlan }) {
  const { t, i18n } = useTranslation('home');
  const locale = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      data-testid="plan-card"
      className="flex flex-col rounded-2xl border border-border bg-surface p-6"
    >
      <h3 id={titleId} className="break-words text-lg font-semibold text-fg">
        {plan.name}
      </h3>
      <p className="mt-3 text-3xl font-semibold tabular-nums text-fg" data-testid="plan-interest">
        {formatPercent(plan.interest, locale, INTEREST_DECIMALS)}
      </p>
      <p className="text-xs text-muted">{t('plans.returnOver', { days: plan.duration })}</p>
      <dl className="mt-5 flex-1 space-y-3 text-sm">
        <div>
          <dt className="text-muted">{t('plans.limits')}</dt>
          <dd className="font-medium tabular-nums text-fg" data-testid="plan-limits">
            {formatMoney(plan.minAmount, locale)} – {formatMoney(plan.maxAmount, locale)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('plans.payoutsPerDay')}</dt>
          <dd className="font-medium tabular-nums text-fg">{plan.noOfTimes}</dd>
        </div>
      </dl>
      <ButtonLink className="mt-6" variant="outline" to="/register" aria-describedby={titleId}>
        {t('plans.getStarted')}
      </ButtonLink>
    </li>
  );
}
