import { rejectTrade } from '@meridian/contracts/endpoints/payouts';
import type { TPayout } from '@meridian/contracts/payouts';
import { shortId } from '@meridian/contracts/transaction-terms';
import { CircleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientNameLink } from '@/components/client-name-link';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { PlanBadge } from '@/components/ui/plan-badge';
import { Table, type TableColumn } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { useNow } from '@/hooks/use-now';
import { dateTimeFormat, formatDate } from '@/lib/format';
import type { TPayoutList } from '../api/get-payouts';
import { PayoutStatus } from './payout-status';
import { RejectPayoutDialog } from './reject-payout-dialog';

export interface PayoutTableProps {
  list: TPayoutList;
  caption: string;
  trades: readonly TPayout[];
}

/**
 * Payouts as the admin's trade pages list them: id (last 8), client, plan, start, profit (or loss),
 * due date (overdue ones in red and said so), status, and Reject while a payout is pending. Cards
 * below `xl`.
 */
export function PayoutTable({ list, caption, trades }: PayoutTableProps) {
  const { t } = useTranslation('payouts');
  const now = useNow();
  const [rejecting, setRejecting] = useState<TPayout | null>(null);
  const rejected = list === 'rejected';
  const canReject = useCan(rejectTrade.permission);

  const columns: TableColumn<TPayout>[] = [
    {
      id: 'id',
      header: t(rejected ? 'columns.transactionId' : 'columns.id'),
      cell: (trade) => (
        <span className="font-mono text-xs text-muted" title={trade.id}>
          #{shortId(trade.id)}
        </span>
      ),
      hideInCard: true,
    },
    {
      id: 'client',
      header: t('backoffice:columns.client'),
      cell: (trade) => (trade.user ? <ClientCell user={trade.user} /> : <span className="text-muted">—</span>),
    },
    {
      id: 'plan',
      header: t('columns.plan'),
      cell: (trade) => (
        <span className="inline-flex flex-col items-end gap-0.5 xl:items-start">
          <PlanBadge name={trade.planName} />
          <span className="text-xs text-muted">{t('sequence', { sequence: trade.sequence, total: trade.count })}</span>
        </span>
      ),
    },
    {
      id: 'start',
      header: t('columns.start'),
      cell: (trade) => <DateTime iso={trade.createdAt} />,
    },
    {
      id: 'amount',
      header: t(rejected ? 'columns.loss' : 'columns.profit'),
      className: 'whitespace-nowrap text-right tabular-nums font-medium',
      cell: (trade) => <Money amount={trade.amount} className={rejected ? 'text-danger' : undefined} />,
    },
  ];
  if (rejected) {
    columns.push(
      {
        id: 'rejectedAt',
        header: t('columns.rejectedAt'),
        cell: (trade) => (trade.processedAt ? <DateTime iso={trade.processedAt} /> : '—'),
      },
      {
        id: 'reason',
        header: t('columns.reason'),
        cell: (trade) => <span className="block max-w-64 break-words">{trade.reason ?? '—'}</span>,
      },
    );
  } else {
    columns.push({
      id: 'due',
      header: t('columns.due'),
      cell: (trade) => <DueDate trade={trade} now={now} />,
    });
  }
  columns.push({
    id: 'status',
    header: t('backoffice:columns.status'),
    cell: (trade) => <PayoutStatus status={trade.status} />,
  });

  return (
    <>
      <Table
        caption={caption}
        columns={columns}
        rows={trades}
        rowKey={(trade) => trade.id}
        testId="trade"
        tableFrom="xl"
        cardTitle={(trade) => <span className="font-mono text-sm">#{shortId(trade.id)}</span>}
        {...(rejected || !canReject
          ? {}
          : {
              actionsHeader: <span className="sr-only">{t('backoffice:columns.actions')}</span>,
              actions: (trade: TPayout, layout: 'table' | 'card') =>
                // Reject is hidden once a payout is processed. In the table it is an
                // icon with its name for screen readers and as a tooltip; on a card it is written out.
                trade.status === 'Pending' ? (
                  <Button
                    variant="dangerOutline"
                    size={layout === 'table' ? 'icon' : 'sm'}
                    className={layout === 'table' ? 'h-8 w-8' : undefined}
                    onClick={() => setRejecting(trade)}
                    title={layout === 'table' ? t('reject') : undefined}
                    data-testid="trade-reject"
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    <span className={layout === 'table' ? 'sr-only' : undefined}>{t('reject')}</span>
                    <span className="sr-only"> #{shortId(trade.id)}</span>
                  </Button>
                ) : null,
            })}
      />
      {rejecting && <RejectPayoutDialog trade={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

/** A moment as its date over its time, so the table stays narrow enough for a 1280 px screen. */
function DateTime({ iso, overdue = false }: { iso: string; overdue?: boolean }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const date = new Date(iso);
  return (
    <time dateTime={iso} className="inline-flex flex-col whitespace-nowrap">
      <span>{formatDate(iso, locale)}</span>
      {!Number.isNaN(date.getTime()) && (
        <span className={overdue ? 'text-xs' : 'text-xs text-muted'}>
          {dateTimeFormat(locale, { timeStyle: 'short' }).format(date)}
        </span>
      )}
    </time>
  );
}

/** The due date; once it has passed, in red with the word "Overdue" (the colour only repeats it). */
function DueDate({ trade, now }: { trade: TPayout; now: number }) {
  const { t } = useTranslation('payouts');
  const overdue = trade.status === 'Pending' && new Date(trade.dueDate).getTime() <= now;
  return (
    <span
      className={overdue ? 'inline-flex flex-col items-end text-danger xl:items-start' : undefined}
      data-overdue={overdue || undefined}
    >
      <DateTime iso={trade.dueDate} overdue={overdue} />
      {overdue && (
        <span className="inline-flex items-center gap-1 text-xs font-semibold">
          <CircleAlert className="h-3.5 w-3.5" aria-hidden="true" />
          {t('overdue')}
        </span>
      )}
    </span>
  );
}

function ClientCell({ user }: { user: NonNullable<TPayout['user']> }) {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return <ClientNameLink userId={user.id} name={name} email={user.email} />;
}
