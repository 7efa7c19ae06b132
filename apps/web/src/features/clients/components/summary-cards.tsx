import type { TAdminStats } from '@meridian/contracts/clients';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, type LucideIcon, PiggyBank, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { messageKey } from '@/i18n';
import { useStats } from '../api/get-stats';

interface TCardSpec {
  key: keyof TAdminStats;
  label: string;
  icon: LucideIcon;
}

/** The "Total Clients" card's figure: padded to two digits, as the spec shows it. */
const padClients = (count: number) => String(count).padStart(2, '0');

const CARDS: readonly TCardSpec[] = [
  { key: 'totalClients', label: 'cards.totalClients', icon: Users },
  { key: 'totalTransactions', label: 'cards.totalTransactions', icon: ArrowLeftRight },
  { key: 'totalDeposits', label: 'cards.totalDeposits', icon: ArrowDownToLine },
  { key: 'totalWithdrawals', label: 'cards.totalWithdrawals', icon: ArrowUpFromLine },
  { key: 'totalInvestments', label: 'cards.totalInvestments', icon: PiggyBank },
];

/**
 * The five summary cards of /admin: Total Clients padded to two digits, the rest in USD, short from
 * $10,000 (a fifth of 1280 px holds no more in every language), exact on hover.
 */
export function SummaryCards() {
  const { t } = useTranslation('clients');
  const stats = useStats();

  if (stats.isError) {
    return (
      <ErrorState
        title={t(messageKey('clients.loadFailed'))}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  return (
    <section aria-label={t('cards.label')}>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5" aria-busy={stats.isPending || undefined}>
        {CARDS.map(({ key, label, icon: Icon }) => (
          <li
            key={key}
            // Five to a row from xl: the icon goes above the figures, which then have the card's width.
            className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-5 xl:flex-col xl:items-start xl:gap-3"
            data-testid={`stat-${key}`}
          >
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 xl:w-full">
              <p className="text-sm text-muted">{t(label)}</p>
              {stats.data ? (
                <p className="truncate text-xl font-semibold text-fg" data-testid={`stat-${key}-value`}>
                  {key === 'totalClients' ? (
                    <span className="tabular-nums">{padClients(stats.data.totalClients)}</span>
                  ) : (
                    <Money amount={stats.data[key]} compact />
                  )}
                </p>
              ) : (
                <Skeleton className="mt-1 h-7 w-24" />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
