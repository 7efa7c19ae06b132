import type { TInvestmentTerms } from '@meridian/contracts/investments';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * How far an investment has gone, in one short line under its row: payouts paid of all, what they
 * paid, and when it matures (or matured); before approval, that it waits for its deposit.
 */
export function InvestmentProgress({ terms, className }: { terms: TInvestmentTerms; className?: string }) {
  const { t, i18n } = useTranslation('transactions');
  const locale = i18n.resolvedLanguage;
  if (!terms.approvedAt) {
    if (terms.deposit?.status !== 'Pending') return null;
    return (
      <p className={className} data-testid="investment-progress">
        {t('history.progress.awaitingDeposit')}
      </p>
    );
  }
  const parts = [
    t('history.progress.payouts', { paid: terms.payoutsPaid, total: terms.payoutsTotal }),
    t('history.progress.paidOut', { amount: formatMoney(terms.paidOut, locale) }),
  ];
  if (terms.payoutsRejected > 0) parts.push(t('history.progress.rejected', { rejected: terms.payoutsRejected }));
  if (terms.maturedAt) parts.push(t('history.progress.matured', { date: formatDate(terms.maturedAt, locale) }));
  else if (terms.maturesAt) parts.push(t('history.progress.matures', { date: formatDate(terms.maturesAt, locale) }));
  return (
    <p className={className} data-testid="investment-progress">
      {parts.join(' · ')}
    </p>
  );
}
