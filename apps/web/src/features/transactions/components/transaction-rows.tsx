import { shortId } from '@meridian/contracts/transaction-terms';
import type { TTransaction } from '@meridian/contracts/transactions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/badge';
import { Table, type TableColumn } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import type { THistoryItem } from '../api/get-history';
import { useTransactionText } from '../hooks/use-transaction-text';
import { InvestmentProgress } from './investment-progress';
import { TransactionAmount } from './transaction-amount';
import { TransactionIcon } from './transaction-icon';

export const transactionPath = (id: string) => `/user/transaction/${id}`;

const LINK_CLASS = 'rounded-sm font-medium text-fg hover:text-primary hover:underline underline-offset-4';

/** The title of a row as a link to its detail; screen readers also hear the id that tells rows apart. */
function TransactionLink({ tx }: { tx: TTransaction }) {
  const text = useTransactionText();
  return (
    <Link to={transactionPath(tx.id)} className={LINK_CLASS}>
      {text.title(tx)}
      <span className="sr-only">, #{shortId(tx.id)}</span>
    </Link>
  );
}

/**
 * The first cell of a history row, and the title of its card: the icon, the title linking to the
 * detail, what it was (subtitle) and an investment's progress.
 */
function TransactionHeading({ tx, layout }: { tx: THistoryItem; layout: 'table' | 'card' }) {
  const text = useTransactionText();
  const subtitle = text.subtitle(tx);
  // A card's title is bold: the lines under it are set back to normal weight.
  const quiet = layout === 'card' ? 'text-xs font-normal text-muted' : 'text-xs text-muted';
  return (
    <div className="flex items-center gap-3">
      <TransactionIcon type={tx.type} className="h-9 w-9" />
      <div className="min-w-0">
        <TransactionLink tx={tx} />
        {subtitle && (
          <p className={cn('truncate', quiet, layout === 'table' && 'max-w-[16rem] lg:max-w-xs')}>{subtitle}</p>
        )}
        {tx.terms && <InvestmentProgress terms={tx.terms} className={quiet} />}
      </div>
    </div>
  );
}

/** A compact list of movements (the dashboard's most recent), each row linking to its detail. */
export function TransactionList({ items }: { items: readonly TTransaction[] }) {
  const { i18n } = useTranslation();
  const text = useTransactionText();
  return (
    <ul className="divide-y divide-border" data-testid="recent-transactions">
      {items.map((tx) => {
        const subtitle = text.subtitle(tx);
        return (
          <li key={tx.id}>
            <Link
              to={transactionPath(tx.id)}
              className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-2/60 sm:px-6"
              data-testid="transaction-row"
            >
              <TransactionIcon type={tx.type} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-fg">{text.title(tx)}</span>
                <span className="block text-xs text-muted sm:truncate">
                  {subtitle && (
                    <span className="block truncate sm:inline">
                      {subtitle}
                      <span className="hidden sm:inline"> · </span>
                    </span>
                  )}
                  <span className="block sm:inline">{formatDateTime(tx.createdAt, i18n.resolvedLanguage)}</span>
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <TransactionAmount tx={tx} className="text-sm" />
                <StatusBadge status={tx.status} label={text.status(tx.status)} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** A page of history: a table from `md` up, cards below it; an investment also shows how far its payouts have gone. */
export function TransactionTable({ items, caption }: { items: THistoryItem[]; caption: string }) {
  const { t, i18n } = useTranslation('transactions');
  const text = useTransactionText();
  const columns: TableColumn<THistoryItem>[] = [
    {
      id: 'transaction',
      header: t('history.columns.transaction'),
      hideInCard: true,
      cell: (tx) => <TransactionHeading tx={tx} layout="table" />,
    },
    {
      id: 'id',
      header: t('history.columns.id'),
      cell: (tx) => <span className="font-mono text-xs text-muted">#{shortId(tx.id)}</span>,
    },
    {
      id: 'date',
      header: t('history.columns.date'),
      className: 'whitespace-nowrap',
      cell: (tx) => formatDateTime(tx.createdAt, i18n.resolvedLanguage),
    },
    {
      id: 'amount',
      header: t('history.columns.amount'),
      className: 'text-right whitespace-nowrap',
      cell: (tx) => <TransactionAmount tx={tx} />,
    },
    {
      id: 'status',
      header: t('history.columns.status'),
      cell: (tx) => <StatusBadge status={tx.status} label={text.status(tx.status)} />,
    },
  ];
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={items}
      rowKey={(tx) => tx.id}
      testId="transaction-row"
      cardTitle={(tx) => <TransactionHeading tx={tx} layout="card" />}
    />
  );
}
