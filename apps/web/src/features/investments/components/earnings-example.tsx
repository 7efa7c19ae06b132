import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { earningsOf, type TEarningTerms } from '../utils/earnings';

/**
 * What an amount earns on these terms, in words: the total and each payout (the last one named
 * when the rounding remainder makes it differ). Nothing for an amount that is not one.
 */
export function EarningsExample({
  amount,
  terms,
  className,
}: {
  amount: number | string;
  terms: TEarningTerms;
  className?: string;
}) {
  const { t, i18n } = useTranslation('investments');
  const earnings = earningsOf(amount, terms);
  if (!earnings) return null;
  const locale = i18n.resolvedLanguage;
  const money = (value: number) => formatMoney(value, locale);
  return (
    <p className={className} data-testid="earnings-example">
      {t('earnings.example', {
        amount: money(Number(amount)),
        total: money(earnings.total),
        payouts: earnings.count,
        each: money(earnings.perPayout),
      })}
      {earnings.lastPayout !== earnings.perPayout && ` ${t('earnings.last', { last: money(earnings.lastPayout) })}`}
    </p>
  );
}
