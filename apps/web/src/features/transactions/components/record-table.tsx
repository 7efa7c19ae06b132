import { setTransactionStatus } from '@meridian/contracts/endpoints/transactions';
import { shortId } from '@meridian/contracts/transaction-terms';
import type { TTransaction } from '@meridian/contracts/transactions';
import type { TFunction } from 'i18next';
import { BadgeCheck, Eye, Hourglass, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { CopyButton } from '@/components/ui/copy-button';
import { Table, type TableColumn } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { cn } from '@/lib/cn';
import { formatDate, formatTime } from '@/lib/format';
import {
  canDeleteRecord,
  canUpdateStatus,
  depositWaitOf,
  isSignedRecord,
  statusRuleOf,
  type TAdminRecord,
} from '../utils/record-rules';
import { DeleteRecordDialog } from './delete-record-dialog';
import { RecordStatus, TypeBadge } from './record-badges';
import { StatusDialog } from './status-dialog';

export const overviewPath = (id: string) => `/admin/transaction-overview/${encodeURIComponent(id)}`;
export const clientPath = (userId: string) => `/admin/client_details/${encodeURIComponent(userId)}`;

export interface RecordTableProps {
  caption: string;
  records: readonly TAdminRecord[];
  /** Leave out the client column (on a client's own page). */
  hideClient?: boolean;
  /**
   * A list of one type (deposits, withdrawals): the type column would say the same on every row, so
   * it gives its room to each record's transfer reference.
   */
  singleType?: boolean;
}

type TOpenDialog = { record: TAdminRecord; dialog: 'status' | 'delete' } | null;

/**
 * The admin money table: type (with an investment's or payout's plan; in a list of one type, the
 * transfer reference instead), amount (the id's last 8 beneath), date, status (an investment waiting
 * for its deposit says so), client; View, Update Status and Delete. Cards below `xl`.
 */
export function RecordTable({ caption, records, hideClient = false, singleType = false }: RecordTableProps) {
  const { t, i18n } = useTranslation('transactions');
  // Deciding and deleting a money record share one permission (money.manage); others only view.
  const canDecide = useCan(setTransactionStatus.permission);
  const format = useLocaleFormat();
  const locale = i18n.resolvedLanguage ?? 'en';
  const [open, setOpen] = useState<TOpenDialog>(null);
  const close = () => setOpen(null);

  const columns: TableColumn<TAdminRecord>[] = [
    ...(singleType ? [] : [typeColumn(t)]),
    {
      id: 'amount',
      header: t('backoffice:columns.amount'),
      className: 'whitespace-nowrap text-right tabular-nums font-medium',
      // The id beneath, as on a receipt, in the table only (a card has it as its title): a column of
      // its own left no room for Delete at 1280 px.
      cell: (r) => (
        <span className="inline-flex flex-col items-end">
          {isSignedRecord(r) ? format.money(r.amount, r.direction) : format.money(r.amount)}
          <RecordId record={r} className="hidden font-normal xl:inline" />
        </span>
      ),
    },
    {
      id: 'date',
      header: t('backoffice:columns.date'),
      // Date over time in the table: the row stays narrow enough to fit beside the sidebar at 1280 px.
      cell: (r) => (
        <span className="block whitespace-nowrap">
          <span className="xl:block">{formatDate(r.createdAt, locale)}</span>{' '}
          <span className="text-muted xl:block">{formatTime(r.createdAt, locale)}</span>
        </span>
      ),
    },
    { id: 'status', header: t('backoffice:columns.status'), cell: (r) => <StatusCell record={r} /> },
  ];
  if (singleType) {
    columns.push({ id: 'reference', header: t('list.reference'), cell: (r) => <ReferenceCell record={r} /> });
  }
  if (!hideClient) {
    columns.push({
      id: 'client',
      header: t('backoffice:columns.client'),
      cell: (r) => (r.user ? <ClientCell user={r.user} /> : <span className="text-muted">—</span>),
    });
  }

  return (
    <>
      <Table
        caption={caption}
        columns={columns}
        rows={records}
        rowKey={(r) => r.id}
        testId="record"
        tableFrom="xl"
        actionsHeader={<span className="sr-only">{t('backoffice:columns.actions')}</span>}
        cardTitle={(r) => (
          <span className="-my-1 flex items-center justify-between gap-2">
            <span className="font-mono text-sm">#{shortId(r.id)}</span>
            {canDecide && <DeleteButton record={r} onClick={() => setOpen({ record: r, dialog: 'delete' })} />}
          </span>
        )}
        actions={(r, layout) => (
          <RecordActions record={r} layout={layout} onOpen={(dialog) => setOpen({ record: r, dialog })} />
        )}
      />
      {open?.dialog === 'status' && <StatusDialogFor record={open.record} onClose={close} />}
      {open?.dialog === 'delete' && <DeleteRecordDialog record={open.record} onClose={close} />}
    </>
  );
}

/** The type, with an investment's or payout's plan beneath it. */
function typeColumn(t: TFunction<'transactions'>): TableColumn<TAdminRecord> {
  return {
    id: 'type',
    header: t('backoffice:columns.type'),
    cell: (r) =>
      r.investmentPlan && (r.type === 'Investment' || r.type === 'Payout') ? (
        <span className="inline-flex flex-col items-end gap-0.5 xl:items-start">
          <TypeBadge record={r} />
          <span className="max-w-32 truncate text-xs text-muted" title={r.investmentPlan.name}>
            {r.investmentPlan.name}
          </span>
        </span>
      ) : (
        <TypeBadge record={r} />
      ),
  };
}

/** The last 8 characters of a record's id, the whole of it as the tooltip. */
function RecordId({ record, className }: { record: TAdminRecord; className?: string }) {
  return (
    <span className={cn('font-mono text-xs text-muted', className)} title={record.id}>
      #{shortId(record.id)}
    </span>
  );
}

/** The status; a Pending investment whose deposit has not come yet says so beneath it. */
function StatusCell({ record }: { record: TAdminRecord }) {
  const { t } = useTranslation('transactions');
  const wait = depositWaitOf(record);
  return (
    <span className="inline-flex flex-col items-end gap-1 xl:items-start">
      <RecordStatus status={record.status} />
      {wait && (
        <span
          className="inline-flex items-center gap-1 whitespace-nowrap text-xs text-muted"
          data-testid="record-deposit-wait"
        >
          <Hourglass className="h-3 w-3" aria-hidden="true" />
          {t(wait === 'Pending' ? 'investments:investment.waitingDeposit' : 'investments:investment.depositDeclined')}
        </span>
      )}
    </span>
  );
}

/** Long enough to tell hashes apart at a glance; the whole one is in the tooltip, the copy and the record's page. */
const shortReference = (value: string) => (value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-8)}` : value);

/** A deposit's transfer reference as its client gave it, a withdrawal's payout reference, or what is missing. */
function ReferenceCell({ record }: { record: TAdminRecord }) {
  const { t } = useTranslation('transactions');
  if (record.type !== 'Deposit' && record.type !== 'Withdrawal') return null;
  if (!record.reference) {
    return (
      <span className="text-xs text-muted" data-testid="record-reference-missing">
        {t(record.type === 'Deposit' ? 'list.referenceMissing' : 'list.payoutMissing')}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono text-xs" title={record.reference} data-testid="record-reference">
        {shortReference(record.reference)}
      </code>
      <CopyButton
        value={record.reference}
        label={t(record.type === 'Deposit' ? 'list.copyReference' : 'list.copyPayoutReference', {
          id: shortId(record.id),
        })}
        iconOnly
        variant="ghost"
      />
    </span>
  );
}

function StatusDialogFor({ record, onClose }: { record: TAdminRecord; onClose: () => void }) {
  const rule = statusRuleOf(record);
  return rule ? <StatusDialog record={record} rule={rule} onClose={onClose} /> : null;
}

function ClientCell({ user }: { user: NonNullable<TTransaction['user']> }) {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Link
      to={clientPath(user.id)}
      className="group inline-flex min-w-0 max-w-48 items-center gap-1 rounded text-left hover:text-primary"
    >
      <span className="min-w-0">
        <span className="block truncate font-medium">{name}</span>
        <span className="block truncate text-xs text-muted group-hover:text-primary">{user.email}</span>
      </span>
      {user.isVerified && <BadgeCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />}
    </Link>
  );
}

interface RecordActionsProps {
  record: TTransaction;
  layout: 'table' | 'card';
  onOpen: (dialog: 'status' | 'delete') => void;
}

/**
 * View, Update Status (disabled once the status is final, and for adjustments, which are done when
 * made) and Delete (disabled, with the reason, for a record that moved money and is kept). In the table they are icons with their names for screen readers and as tooltips;
 * on a card View and Update Status are written out and Delete sits apart, at the top right.
 */
export function RecordActions({ record, layout, onOpen }: RecordActionsProps) {
  const { t } = useTranslation('transactions');
  const compact = layout === 'table';
  const updatable = canUpdateStatus(record);
  const label = (key: string) => (compact ? <span className="sr-only">{t(key)}</span> : t(key));
  const size = compact ? 'icon' : 'sm';
  const iconClass = cn(compact && 'h-8 w-8');
  const canDecide = useCan(setTransactionStatus.permission);
  return (
    <>
      <ButtonLink
        variant="ghost"
        size={size}
        className={iconClass}
        title={compact ? t('actions.view') : undefined}
        to={overviewPath(record.id)}
        data-testid="record-view"
      >
        <Eye className="h-4 w-4" aria-hidden="true" />
        {label('actions.view')}
      </ButtonLink>
      {canDecide && (
        <Button
          variant="ghost"
          size={size}
          className={iconClass}
          onClick={() => onOpen('status')}
          disabled={!updatable}
          title={compact ? t(updatable ? 'actions.updateStatus' : 'status.lockedShort') : undefined}
          data-testid="record-status"
        >
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {label('actions.updateStatus')}
        </Button>
      )}
      {compact && canDecide && <DeleteButton record={record} onClick={() => onOpen('delete')} />}
    </>
  );
}

/**
 * Delete as an icon. A record that moved money is kept by the server, so its Delete is disabled and
 * says why (as its tooltip and accessible description) instead of opening a dialog that would fail.
 */
function DeleteButton({ record, onClick }: { record: TTransaction; onClick: () => void }) {
  const { t } = useTranslation('transactions');
  const messageText = useMessageText();
  const reasonId = useId();
  const deletable = canDeleteRecord(record);
  const reason = deletable ? undefined : messageText('errors.recordMovedMoney');
  return (
    <>
      <Button
        variant="dangerGhost"
        size="icon"
        className="h-8 w-8 disabled:hover:bg-transparent"
        onClick={onClick}
        disabled={!deletable}
        aria-label={t('actions.delete')}
        aria-describedby={reason ? reasonId : undefined}
        title={reason ?? t('actions.delete')}
        data-testid="record-delete"
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
      {reason && (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      )}
    </>
  );
}
