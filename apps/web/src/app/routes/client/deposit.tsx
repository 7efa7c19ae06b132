import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DepositForm } from '@/features/deposits/components/deposit-form';
import { RecentTransactions } from '@/features/transactions/components/recent-transactions';
import { useSession } from '@/lib/session';

/**
 * /user/deposit: a deposit method and an amount, which continue into that method's Make Deposit
 * dialog, beside the client's latest deposits and the way to the deposit guide.
 */
export function DepositPage() {
  const { t } = useTranslation('deposits');
  const current = useSession();
  if (!current) return null;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-fg">{t('form.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('form.lead')}</p>
        <Link
          to="/user/deposit-process"
          className="mt-2 inline-block rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('guide.title')}
        </Link>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DepositForm userId={current.user.id} />
        <RecentTransactions userId={current.user.id} kind="deposits" />
      </div>
    </div>
  );
}

export { DepositPage as Component };
