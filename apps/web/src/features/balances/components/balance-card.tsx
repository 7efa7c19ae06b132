import { ArrowDownToLine, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '@/api/balance';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { AddFundsButton } from './add-funds-button';

/** Dashboard: total balance (balance + profit + bonus), the trading profit badge, Add Funds and Withdraw. */
export function BalanceCard({ userId }: { userId: string }) {
  const { t } = useTranslation(['balances', 'common']);
  const balance = useBalance(userId);
  return (
    <section
      aria-labelledby="total-balance-title"
      className="rounded-2xl border border-border bg-surface p-6"
      data-testid="balance-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="total-balance-title" className="text-sm font-medium text-muted">
            {t('balances:dashboard.totalBalance')}
          </h2>
          <p className="text-xs text-muted">{t('balances:dashboard.totalBalanceHint')}</p>
        </div>
        {balance.data && (
          <Badge
            tone={balance.data.profitBalance > 0 ? 'success' : 'neutral'}
            icon={<TrendingUp className="h-3.5 w-3.5" aria-hidden="true" />}
          >
            {t('balances:dashboard.tradingProfit')} <Money amount={balance.data.profitBalance} />
          </Badge>
        )}
      </div>

      {balance.isPending ? (
        <LoadingStatus className="mt-4 space-y-4" data-testid="loading">
          <Skeleton className="h-10 w-56" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </LoadingStatus>
      ) : balance.isError ? (
        <ErrorState
          className="mt-4 py-6"
          title={t('balances:dashboard.balanceError')}
          onRetry={() => balance.refetch()}
          retrying={balance.isFetching}
        />
      ) : (
        <>
          <p className="mt-3 text-4xl font-semibold tracking-tight text-fg" data-testid="total-balance">
            <Money amount={balance.data.totalBalance} />
          </p>
          <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-3 text-sm">
            <Part label={t('balances:dashboard.accountBalance')} amount={balance.data.balance} />
            <Part label={t('balances:dashboard.profit')} amount={balance.data.profitBalance} />
            <Part label={t('balances:dashboard.bonus')} amount={balance.data.bonus} />
          </dl>
        </>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        <AddFundsButton>{t('balances:dashboard.addFunds')}</AddFundsButton>
        <Button asChild variant="outline">
          <Link to="/user/withdrawalmethod">
            <ArrowDownToLine className="h-4 w-4" aria-hidden="true" />
            {t('balances:dashboard.withdraw')}
          </Link>
        </Button>
      </div>
    </section>
  );
}

function Part({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className="truncate font-medium text-fg">
        <Money amount={amount} />
      </dd>
    </div>
  );
}
