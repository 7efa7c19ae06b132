import type { TInvestmentPlan } from '@meridian/contracts/investments';
import { CalendarDays, Clock, Repeat, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/ui/money';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/format';

/** A plan's terms as a list: trades per day, duration, limits and how often it pays. */
export function PlanFacts({ plan, className }: { plan: TInvestmentPlan; className?: string }) {
  const { t } = useTranslation('investments');
  return (
    <dl className={cn('space-y-3 text-sm', className)}>
      <Fact icon={<Repeat className="h-4 w-4" aria-hidden="true" />} label={t('plan.tradesPerDay')}>
        {plan.noOfTimes}
      </Fact>
      <Fact icon={<CalendarDays className="h-4 w-4" aria-hidden="true" />} label={t('plan.duration')}>
        {t('plan.days', { days: plan.duration })}
      </Fact>
      <Fact icon={<Scale className="h-4 w-4" aria-hidden="true" />} label={t('plan.limits')}>
        <span className="whitespace-nowrap">
          <Money amount={plan.minAmount} /> – <Money amount={plan.maxAmount} />
        </span>
      </Fact>
      <Fact icon={<Clock className="h-4 w-4" aria-hidden="true" />} label={t('plan.earnings')}>
        {t('plan.daily')}
      </Fact>
    </dl>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="flex min-w-0 items-center gap-2 text-muted">
        {icon}
        {label}
      </dt>
      <dd className="text-right font-medium text-fg">{children}</dd>
    </div>
  );
}

/** "20%" (or "20 %"): a plan's total return, in percent, the reader's way. */
export function Interest({ value }: { value: number }) {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent', maximumFractionDigits: 2 });
  return <span className="tabular-nums">{format.format(value / 100)}</span>;
}
