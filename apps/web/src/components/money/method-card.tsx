import { isBitcoinMethod, isRecommendedMethod, processingTimeKey } from '@meridian/contracts/methods';
import { BadgeCheck, Bitcoin, Clock, Percent, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { Money } from '@/components/ui/money';
import { cn } from '@/lib/cn';

export interface TMethodSummary {
  id: string;
  name: string;
  minAmount: number;
  maxAmount: number;
}

/** The round initial of a method; Bitcoin and BTC get the yellow accent. */
export function MethodAvatar({ name, className }: { name: string; className?: string }) {
  const bitcoin = isBitcoinMethod(name);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid h-12 w-12 shrink-0 place-items-center rounded-xl text-lg font-bold',
        bitcoin ? 'bg-warning-soft text-warning' : 'bg-primary/10 text-primary',
        className,
      )}
    >
      {bitcoin ? <Bitcoin className="h-[55%] w-[55%]" /> : name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** "$10.00 – $50,000.00". */
export function MethodLimits({ min, max }: { min: number; max: number }) {
  return (
    <span className="whitespace-nowrap">
      <Money amount={min} /> – <Money amount={max} />
    </span>
  );
}

/**
 * A card of the Deposit Methods or Withdrawal Methods grid: processing time, the 0% fee, limits, the
 * Recommended badge for the recommended methods, and the button to the method's page.
 */
export function MethodCard({
  method,
  kind,
  to,
  action,
  heading: Heading = 'h2',
}: {
  method: TMethodSummary;
  kind: 'deposit' | 'withdrawal';
  to: string;
  action: string;
  /** The name's heading level: `h3` in a page section that has its own `h2`. */
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('methods');
  const bitcoin = isBitcoinMethod(method.name);
  return (
    <li
      className={cn(
        'flex flex-col rounded-2xl border bg-surface p-5 transition-shadow hover:shadow-lg',
        bitcoin ? 'border-warning/50' : 'border-border',
      )}
      data-testid="method-card"
    >
      <div className="flex items-start gap-3">
        <MethodAvatar name={method.name} />
        <div className="min-w-0 flex-1">
          <Heading className="break-words text-base font-semibold text-fg">{method.name}</Heading>
          {isRecommendedMethod(method.name, kind) && (
            <Badge tone="success" className="mt-1" icon={<BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />}>
              {t('methods.recommended')}
            </Badge>
          )}
        </div>
      </div>
      <dl className="mt-5 flex-1 space-y-3 text-sm">
        <Fact icon={<Clock className="h-4 w-4" aria-hidden="true" />} label={t('methods.processingTime')}>
          {t(`methods.${processingTimeKey(method.name)}`)}
        </Fact>
        <Fact icon={<Percent className="h-4 w-4" aria-hidden="true" />} label={t('methods.fee')}>
          <span className="font-medium text-success">{t('methods.noFees')}</span>
        </Fact>
        <Fact icon={<Scale className="h-4 w-4" aria-hidden="true" />} label={t('methods.limits')}>
          <MethodLimits min={method.minAmount} max={method.maxAmount} />
        </Fact>
      </dl>
      <ButtonLink className="mt-5 w-full" to={to}>
        {action}
      </ButtonLink>
    </li>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="flex shrink-0 items-center gap-2 whitespace-nowrap text-muted">
        {icon}
        {label}
      </dt>
      <dd className="text-right text-fg">{children}</dd>
    </div>
  );
}
