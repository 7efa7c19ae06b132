import type { TBalanceSummary } from '@meridian/contracts/balances';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  ChartLine,
  ChevronRight,
  CirclePlus,
  Eye,
  EyeOff,
  Gift,
  type LucideIcon,
  PiggyBank,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '@/api/balance';
import { Button } from '@/components/ui/button';
import { Money, SignedMoney } from '@/components/ui/money';
import { QueryView } from '@/components/ui/query-view';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/**
 * The Balance page: amounts hidden until the client shows them, Add Funds and Withdraw Funds tiles,
 * the account header (equity, its parts, withdrawable and the hold), the Balance Breakdown and where
 * the realised profit comes from.
 */
export function BalanceOverview({
  userId,
  header,
}: {
  userId: string;
  /** The account header, given whether amounts are hidden (the page passes it live: app/routes/client/balance.tsx). */
  header: (hidden: boolean) => ReactNode;
}) {
  const { t } = useTranslation(['balances', 'common']);
  const balance = useBalance(userId);
  const [shown, setShown] = useState(false);
  const hidden = !shown;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-fg">{t('balances:balance.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('balances:balance.subtitle')}</p>
        </div>
        {/* The label says what a press does (show, then hide): a button whose label changes is not also a toggle. */}
        <Button
          variant="outline"
          className="data-[shown=true]:border-primary/50 data-[shown=true]:bg-primary/10"
          onClick={() => setShown((value) => !value)}
          data-shown={shown}
          data-testid="toggle-amounts"
        >
          {shown ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
          {shown ? t('balances:balance.hideAmounts') : t('balances:balance.showAmounts')}
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Tile
          to="/user/depositmethod"
          icon={CirclePlus}
          title={t('balances:balance.addFunds')}
          hint={t('balances:balance.addFundsHint')}
          primary
        />
        <Tile
          to="/user/withdrawalmethod"
          icon={ArrowDownToLine}
          title={t('balances:balance.withdrawFunds')}
          hint={t('balances:balance.withdrawFundsHint')}
        />
      </div>

      {header(hidden)}

      <QueryView
        query={balance}
        loading={
          <LoadingStatus className="space-y-4" data-testid="loading">
            <Skeleton className="h-40 w-full rounded-2xl" />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
                <Skeleton key={key} className="h-24 rounded-2xl" />
              ))}
            </div>
          </LoadingStatus>
        }
        errorTitle={t('balances:balance.error')}
        errorDescription={() => null}
      >
        {(summary) => <BalanceFigures summary={summary} hidden={hidden} />}
      </QueryView>
    </div>
  );
}

function BalanceFigures({ summary, hidden }: { summary: TBalanceSummary; hidden: boolean }) {
  const { t } = useTranslation('balances');
  const breakdown: { key: string; label: string; amount: number; icon: LucideIcon; signed?: boolean }[] = [
    { key: 'deposit', label: t('balance.totalDeposit'), amount: summary.totalDeposit, icon: ArrowDownToLine },
    { key: 'withdrawal', label: t('balance.totalWithdrawal'), amount: summary.totalWithdrawal, icon: ArrowUpFromLine },
    { key: 'investment', label: t('balance.totalInvestment'), amount: summary.totalInvestment, icon: PiggyBank },
    { key: 'trading', label: t('balance.tradingBalance'), amount: summary.tradingBalance, icon: ChartLine },
    // The spec's label; it shows realised profit (docs/money.md, "Profit"), not the profit balance.
    {
      key: 'profit',
      label: t('balance.totalProfits'),
      amount: summary.realisedProfit.total,
      icon: Wallet,
      signed: true,
    },
    { key: 'bonus', label: t('balance.bonus'), amount: summary.bonus, icon: Gift },
  ];
  return (
    <>
      <section aria-labelledby="breakdown-title">
        <h2 id="breakdown-title" className="mb-3 text-lg font-semibold text-fg">
          {t('balance.breakdown')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {breakdown.map(({ key, label, amount, icon: Icon, signed }) => (
            // A dl may hold only dt/dd groups (each in one div), so the icon sits inside the term.
            <div
              key={key}
              className="rounded-2xl border border-border bg-surface p-4 sm:p-5"
              data-testid={`breakdown-${key}`}
            >
              <dt className="flex items-center gap-3 text-sm text-muted">
                <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                {label}
              </dt>
              <dd className="mt-3 truncate text-lg font-semibold text-fg sm:text-xl">
                {signed ? <SignedMoney amount={amount} hidden={hidden} /> : <Money amount={amount} hidden={hidden} />}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <RealisedProfit summary={summary} hidden={hidden} />
    </>
  );
}

/**
 * Where Total Profits comes from, each part linking to the screen that shows the same figure; and
 * what the operator credited to the profit balance, which is not profit earned.
 */
function RealisedProfit({ summary, hidden }: { summary: TBalanceSummary; hidden: boolean }) {
  const { t } = useTranslation('balances');
  const { realisedProfit, profitCredits } = summary;
  const parts = [
    { key: 'plans', label: t('profit.plans'), amount: realisedProfit.plans, to: '/user/trade-activities' },
    { key: 'positions', label: t('profit.positions'), amount: realisedProfit.positions, to: '/user/positions' },
    { key: 'signals', label: t('profit.signals'), amount: realisedProfit.signals, to: '/user/signal-trades' },
  ];
  return (
    <section aria-labelledby="realised-profit-title" className="rounded-2xl border border-border bg-surface p-6">
      <h2 id="realised-profit-title" className="text-lg font-semibold text-fg">
        {t('profit.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('profit.definition')}</p>
      <dl className="mt-4 max-w-xl divide-y divide-border text-sm">
        {parts.map(({ key, label, amount, to }) => (
          <div key={key} className="flex items-baseline justify-between gap-4 py-2" data-testid={`profit-${key}`}>
            <dt>
              <Link to={to} className="text-primary underline underline-offset-4">
                {label}
              </Link>
            </dt>
            <dd>
              <SignedMoney amount={amount} hidden={hidden} />
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 py-2" data-testid="profit-total">
          <dt className="font-semibold text-fg">{t('balance.totalProfits')}</dt>
          <dd>
            <SignedMoney amount={realisedProfit.total} hidden={hidden} />
          </dd>
        </div>
      </dl>
      {profitCredits > 0 && (
        <p className="mt-4 text-sm text-muted" data-testid="profit-credits">
          {t('profit.credits')} <Money amount={profitCredits} hidden={hidden} className="font-medium text-fg" />
        </p>
      )}
    </section>
  );
}

function Tile({
  to,
  icon: Icon,
  title,
  hint,
  primary = false,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  hint: string;
  primary?: boolean;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'group flex items-center gap-4 rounded-2xl border p-5 transition-colors',
        primary ? 'border-primary/40 bg-primary/10 hover:bg-primary/15' : 'border-border bg-surface hover:bg-surface-2',
      )}
    >
      <span
        className={cn(
          'grid h-11 w-11 shrink-0 place-items-center rounded-xl',
          primary ? 'bg-primary text-primary-fg' : 'bg-surface-2 text-fg',
        )}
      >
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-fg">{title}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
      <ChevronRight
        className="h-5 w-5 text-muted transition-transform group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </Link>
  );
}
