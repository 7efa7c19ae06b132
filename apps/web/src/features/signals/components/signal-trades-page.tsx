import type { TSignalTrade } from '@meridian/contracts/signals';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { Table, type TableColumn } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useMySignalTrades } from '../api/get-my-signal-trades';

/** /user/signal-trades, My Signal Trades: the client's joins with what each is expected to bring and what it did. */
export function SignalTradesPage({ userId }: { userId: string }) {
  const { t } = useTranslation('signals');
  const query = useMySignalTrades(userId);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-fg">{t('signalTrades.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('signalTrades.subtitle')}</p>
      </div>
      <QueryView
        query={query}
        loading={<SkeletonList rows={4} />}
        errorTitle={t('signalTrades.error')}
        isEmpty={(data) => data.trades.length === 0}
        empty={
          <EmptyState
            icon={ListChecks}
            title={t('signalTrades.empty')}
            description={t('signalTrades.emptyHint')}
            action={
              <ButtonLink variant="outline" to="/user/signals">
                {t('signalTrades.browse')}
              </ButtonLink>
            }
          />
        }
      >
        {(data) => <TradesTable trades={data.trades} />}
      </QueryView>
    </div>
  );
}

function TradesTable({ trades }: { trades: TSignalTrade[] }) {
  const { t, i18n } = useTranslation('signals');
  const locale = i18n.resolvedLanguage;
  const columns: TableColumn<TSignalTrade>[] = [
    {
      id: 'signal',
      header: t('signalTrades.columns.signal'),
      hideInCard: true,
      cell: (trade) => <SignalName trade={trade} />,
    },
    {
      id: 'entry',
      header: t('signalTrades.columns.entry'),
      className: 'whitespace-nowrap',
      cell: (trade) => <Money amount={trade.entryAmount} />,
    },
    {
      id: 'expected',
      header: t('signalTrades.columns.expected'),
      className: 'whitespace-nowrap',
      cell: (trade) => <Money amount={trade.expectedReturn} direction="in" />,
    },
    {
      id: 'actual',
      header: t('signalTrades.columns.actual'),
      className: 'whitespace-nowrap',
      cell: (trade) =>
        trade.settledAt === null ? (
          <span className="text-muted">{t('signalTrades.notSettled')}</span>
        ) : (
          <Money
            amount={trade.actualReturn}
            direction={trade.actualReturn > 0 ? 'in' : trade.actualReturn < 0 ? 'out' : undefined}
            className={cn(
              'font-semibold',
              trade.actualReturn > 0 && 'text-success',
              trade.actualReturn < 0 && 'text-danger',
            )}
          />
        ),
    },
    {
      id: 'status',
      header: t('signalTrades.columns.status'),
      cell: (trade) => t(`signalTrades.statuses.${trade.status}`),
    },
    {
      id: 'result',
      header: t('signalTrades.columns.result'),
      cell: (trade) =>
        trade.result ? (
          <Badge tone={trade.result === 'gain' ? 'success' : 'danger'}>
            {t(`signalTrades.results.${trade.result}`)}
          </Badge>
        ) : (
          <Badge tone="warning">{t('signalTrades.results.pending')}</Badge>
        ),
    },
    {
      id: 'date',
      header: t('signalTrades.columns.date'),
      className: 'whitespace-nowrap',
      cell: (trade) => formatDateTime(trade.createdAt, locale),
    },
  ];
  return (
    <Table
      caption={t('signalTrades.caption')}
      columns={columns}
      rows={trades}
      rowKey={(trade) => trade.id}
      testId="signal-trade-row"
      tableFrom="lg"
      cardTitle={(trade) => <SignalName trade={trade} />}
    />
  );
}

function SignalName({ trade }: { trade: TSignalTrade }) {
  return (
    <span className="block">
      <span className="block font-semibold text-fg">{trade.signalId.title}</span>
      <span className="block text-xs font-normal text-muted">{trade.signalId.asset}</span>
    </span>
  );
}
