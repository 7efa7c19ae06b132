import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeSection } from '@/components/home-section';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';

/** The operator's marketing tiers (the home page's "Marketing plans"): minimum, target return, term in days. */
const PLANS = [
  { key: 'basic', minimum: 200, returnPct: 20, days: 30, popular: false },
  { key: 'silver', minimum: 30_000, returnPct: 30, days: 60, popular: false },
  { key: 'gold', minimum: 50_000, returnPct: 50, days: 90, popular: true },
  { key: 'premium', minimum: 100_000, returnPct: 80, days: 120, popular: false },
] as const;

/** Plan cards with Get Started (→ /register) and a VIP link (→ /support). */
export function Plans() {
  const { t, i18n } = useTranslation('home');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <HomeSection id="plans-title" title={t('plans.title')} lead={t('plans.lead')}>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PLANS.map((plan) => (
          <li
            key={plan.key}
            data-testid="plan-card"
            className={cn(
              'relative flex flex-col rounded-2xl border bg-surface p-6',
              plan.popular ? 'border-primary shadow-lg' : 'border-border',
            )}
          >
            {plan.popular && (
              <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-fg">
                {t('plans.popular')}
              </span>
            )}
            <h3 className="text-lg font-semibold text-fg">{t(`plans.names.${plan.key}`)}</h3>
            <p className="mt-3 text-3xl font-semibold tabular-nums text-fg">{formatMoney(plan.minimum, locale)}</p>
            <p className="text-xs text-muted">{t('plans.minimum')}</p>
            <ul className="mt-5 space-y-2 text-sm text-fg">
              <li className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                {t('plans.target', { percent: plan.returnPct })}
              </li>
              <li className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                {t('plans.term', { days: plan.days })}
              </li>
              <li className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                {t('plans.noFees')}
              </li>
            </ul>
            <Button asChild className="mt-6" variant={plan.popular ? 'primary' : 'outline'}>
              <Link to="/register">{t('plans.getStarted')}</Link>
            </Button>
          </li>
        ))}
      </ul>
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
