import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatMoney, numberFormat, type TMoneyDirection } from '@/lib/format';

export interface MoneyProps {
  /** US dollars. */
  amount: number;
  /** Writes the sign explicitly: `in` as +, `out` as −. */
  direction?: TMoneyDirection;
  /** Replaces the figure by dots (a show/hide toggle); screen readers hear "Hidden". */
  hidden?: boolean;
  /**
   * From $10,000 up, a short figure ($87.1K in English, 87,1 k$US in French) for a narrow card; the
   * exact amount is its tooltip and what a screen reader hears.
   */
  compact?: boolean;
  className?: string;
}

/** Below this, the exact figure is short enough for any card. */
const COMPACT_FROM = 10_000;

/** US dollars in the reader's number format, figures aligned (`tabular-nums`). */
export function Money({ amount, direction, hidden = false, compact = false, className }: MoneyProps) {
  const { t, i18n } = useTranslation('common');
  if (hidden) {
    return (
      <span className={cn('tabular-nums tracking-widest', className)}>
        <span aria-hidden="true">••••••</span>
        <span className="sr-only">{t('hidden')}</span>
      </span>
    );
  }
  const exact = formatMoney(amount, i18n.resolvedLanguage, direction);
  if (compact && Math.abs(amount) >= COMPACT_FROM) {
    const short = numberFormat(i18n.resolvedLanguage ?? 'en', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
      signDisplay: direction ? 'always' : 'auto',
    }).format(direction === 'out' ? -Math.abs(amount) : amount);
    return (
      <span className={cn('tabular-nums', className)} title={exact} data-exact={exact}>
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{exact}</span>
      </span>
    );
  }
  return <span className={cn('tabular-nums', className)}>{exact}</span>;
}

/** A result in dollars, signed and coloured: +$12.34 green, −$5.00 red, $0.00 plain; or hidden, uncoloured. */
export function SignedMoney({
  amount,
  hidden = false,
  className,
}: {
  amount: number;
  hidden?: boolean;
  className?: string;
}) {
  const direction = amount > 0 ? 'in' : amount < 0 ? 'out' : undefined;
  return (
    <Money
      amount={amount}
      direction={direction}
      hidden={hidden}
      className={cn(
        'font-semibold',
        !hidden && amount > 0 && 'text-success',
        !hidden && amount < 0 && 'text-danger',
        className,
      )}
    />
  );
}
