import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatMoney, type TMoneyDirection } from '@/lib/format';

export interface MoneyProps {
  /** US dollars. */
  amount: number;
  /** Writes the sign explicitly: `in` as +, `out` as −. */
  direction?: TMoneyDirection;
  /** Replaces the figure by dots (a show/hide toggle); screen readers hear "Hidden". */
  hidden?: boolean;
  className?: string;
}

/** US dollars in the reader's number format, figures aligned (`tabular-nums`). */
export function Money({ amount, direction, hidden = false, className }: MoneyProps) {
  const { t, i18n } = useTranslation('common');
  if (hidden) {
    return (
      <span className={cn('tabular-nums tracking-widest', className)}>
        <span aria-hidden="true">••••••</span>
        <span className="sr-only">{t('hidden')}</span>
      </span>
    );
  }
  return <span className={cn('tabular-nums', className)}>{formatMoney(amount, i18n.resolvedLanguage, direction)}</span>;
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
