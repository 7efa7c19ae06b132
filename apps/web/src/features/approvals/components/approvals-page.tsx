import type { TApproval, TApprovalStatus } from '@meridian/contracts/approvals';
import { approveApproval } from '@meridian/contracts/endpoints/approvals';
import { shortId } from '@meridian/contracts/transaction-terms';
import { Check, Hourglass, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClientNameLink } from '@/components/client-name-link';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { Money } from '@/components/ui/money';
import { Table, type TableColumn } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useKeepPageInRange, usePageParam } from '@/hooks/use-page-param';
import { useSession } from '@/lib/session';
import { useApprovals } from '../api/get-approvals';
import { useApprovalStatus } from '../hooks/use-approval-status';
import { ApprovalTabs } from './approval-tabs';
import { ApproveApprovalDialog } from './approve-approval-dialog';
import { RejectApprovalDialog } from './reject-approval-dialog';

const overviewPath = (id: string) => `/admin/transaction-overview/${encodeURIComponent(id)}`;

type TDecision = { approval: TApproval; action: 'approve' | 'reject' } | null;

/**
 * /admin/approvals: the four-eyes queue (docs/money.md, "Four-eyes approval"). Large money actions
 * one staff member asked for wait here, oldest first, for a second one: what, for which client, how
 * much, why, who asked and when; Approve and Reject for a role that may decide (`money.approve`),
 * never Approve on one's own request. Approved and Rejected as tabs, with who decided, when and why.
 * Refreshed every 30 seconds while the Pending tab is open; cards below `xl`.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  const status = useApprovalStatus();
  const [page, setPage] = usePageParam();
  const query = useApprovals(status, page);
  useKeepPageInRange(page, query.data?.totalPage, setPage);
  const ownId = useSession()?.user.id;
  // Approve and Reject share one permission: without it the queue is to read only.
  const canDecide = useCan(approveApproval.permission);
  const [deciding, setDeciding] = useState<TDecision>(null);
  const close = () => setDeciding(null);
  const pending = status === 'Pending';

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      below={<ApprovalTabs status={status} />}
      query={query}
      errorTitle={t('loadError')}
      isEmpty={(data) => data.approvals.length === 0}
      empty={
        <EmptyState
          icon={ShieldCheck}
          title={t(`empty.${status}`)}
          description={pending ? t('emptyBody') : undefined}
        />
      }
      paging={{ page, onPageChange: setPage, totalPage: (data) => data.totalPage }}
      dialogs={
        <>
          {deciding?.action === 'approve' && <ApproveApprovalDialog approval={deciding.approval} onClose={close} />}
          {deciding?.action === 'reject' && (
            <RejectApprovalDialog
              approval={deciding.approval}
              own={deciding.approval.requestedBy.id === ownId}
              onClose={close}
            />
          )}
        </>
      }
    >
      {(data) => (
        <ApprovalTable
          status={status}
          approvals={data.approvals}
          ownId={ownId}
          onDecide={pending && canDecide ? (approval, action) => setDeciding({ approval, action }) : undefined}
        />
      )}
    </ListPage>
  );
}

interface ApprovalTableProps {
  status: TApprovalStatus;
  approvals: readonly TApproval[];
  /** The signed-in staff member: their own requests are not theirs to approve. */
  ownId: string | undefined;
  /** Absent: no decisions here (a decided tab, or a role that may not decide). */
  onDecide?: ((approval: TApproval, action: 'approve' | 'reject') => void) | undefined;
}

function ApprovalTable({ status, approvals, ownId, onDecide }: ApprovalTableProps) {
  const { t } = useTranslation('approvals');
  const columns: TableColumn<TApproval>[] = [
    {
      id: 'what',
      header: t('columns.what'),
      hideInCard: true,
      cell: (approval) => <KindCell approval={approval} />,
    },
    {
      id: 'client',
      header: t('columns.client'),
      cell: ({ client }) => <ClientNameLink userId={client.id} name={client.name} email={client.email} />,
    },
    {
      id: 'amount',
      header: t('columns.amount'),
      className: 'whitespace-nowrap text-right tabular-nums font-medium',
      hideInCard: true,
      cell: (approval) => <AmountCell approval={approval} />,
    },
    {
      id: 'details',
      header: t('columns.details'),
      cell: (approval) => <DetailsCell approval={approval} />,
    },
    {
      id: 'requested',
      header: t('columns.requested'),
      cell: (approval) => <PersonAt name={approval.requestedBy.name} at={approval.requestedAt} />,
    },
  ];
  if (status !== 'Pending') {
    columns.push({
      id: 'decided',
      header: t(status === 'Approved' ? 'columns.approvedBy' : 'columns.rejectedBy'),
      cell: (approval) =>
        approval.decidedBy && approval.decidedAt ? (
          <PersonAt name={approval.decidedBy.name} at={approval.decidedAt} />
        ) : (
          <span className="text-muted">—</span>
        ),
    });
    columns.push({
      id: 'note',
      header: t('columns.note'),
      cell: (approval) =>
        approval.note ? (
          <span className="line-clamp-3 block max-w-56 whitespace-pre-line break-words" title={approval.note}>
            {approval.note}
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    });
  }

  return (
    <Table
      caption={t('caption', { status: t(`tabs.${status}`) })}
      columns={columns}
      rows={approvals}
      rowKey={(approval) => approval.id}
      testId="approval"
      tableFrom="xl"
      cardTitle={(approval) => (
        <span className="flex items-start justify-between gap-3">
          <KindCell approval={approval} />
          <AmountCell approval={approval} />
        </span>
      )}
      actionsHeader={onDecide ? t('columns.actions') : undefined}
      actions={
        onDecide
          ? (approval) => (
              <DecisionButtons approval={approval} own={approval.requestedBy.id === ownId} onDecide={onDecide} />
            )
          : undefined
      }
    />
  );
}

/** The colour repeats what the words say: money leaving or taken (orange), money given (blue). */
const KIND_TONES: Record<TApproval['kind'], TBadgeTone> = {
  withdrawal: 'warning',
  debit: 'warning',
  clear: 'danger',
  credit: 'info',
  profit: 'info',
};

/** The kind; a withdrawal's record (its last 8 characters) beneath, linking to it. */
function KindCell({ approval }: { approval: TApproval }) {
  const { t } = useTranslation('approvals');
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone={KIND_TONES[approval.kind]}>{t(`kinds.${approval.kind}`)}</Badge>
      {approval.transactionId && (
        <Link
          to={overviewPath(approval.transactionId)}
          className="rounded font-mono text-xs text-muted hover:text-primary"
          title={approval.transactionId}
        >
          <span className="sr-only">{t('viewRecord')} </span>#{shortId(approval.transactionId)}
        </Link>
      )}
    </span>
  );
}

/** The exact amount (never shortened); for Clear Balance, what the balances held when it was asked. */
function AmountCell({ approval }: { approval: TApproval }) {
  const { t } = useTranslation('approvals');
  return (
    <span className="inline-flex flex-col items-end">
      <Money amount={approval.amount} />
      {approval.kind === 'clear' && <span className="text-xs font-normal text-muted">{t('heldWhenAsked')}</span>}
    </span>
  );
}

/** Long enough to tell hashes apart at a glance; the whole one is in the tooltip and the copy. */
const shortReference = (value: string) => (value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-8)}` : value);

/** The balance action's reason (as the client will read it), or the payout's reference given with a withdrawal. */
function DetailsCell({ approval }: { approval: TApproval }) {
  const { t } = useTranslation('approvals');
  if (approval.reason) {
    return (
      <span className="line-clamp-3 block max-w-56 whitespace-pre-line break-words" title={approval.reason}>
        {approval.reason}
      </span>
    );
  }
  if (approval.reference) {
    return (
      <span className="inline-flex items-center gap-1">
        <span className="sr-only">{t('reference')}: </span>
        <code className="font-mono text-xs" title={approval.reference}>
          {shortReference(approval.reference)}
        </code>
        <CopyButton value={approval.reference} label={t('copyReference')} iconOnly variant="ghost" />
      </span>
    );
  }
  return <span className="text-muted">—</span>;
}

/** Who, over when. */
function PersonAt({ name, at }: { name: string; at: string }) {
  const format = useLocaleFormat();
  return (
    <span className="inline-flex min-w-0 flex-col items-end xl:items-start">
      <span className="max-w-40 truncate font-medium">{name}</span>
      <time dateTime={at} className="whitespace-nowrap text-xs text-muted">
        {format.dateTime(at)}
      </time>
    </span>
  );
}

interface DecisionButtonsProps {
  approval: TApproval;
  own: boolean;
  onDecide: (approval: TApproval, action: 'approve' | 'reject') => void;
}

/**
 * Approve and Reject, each naming the row for a screen reader. On one's own request Approve gives way
 * to what it waits for; Reject stays, to withdraw the request.
 */
function DecisionButtons({ approval, own, onDecide }: DecisionButtonsProps) {
  const { t } = useTranslation('approvals');
  const format = useLocaleFormat();
  const which = `${t(`kinds.${approval.kind}`)}, ${format.money(approval.amount)}, ${approval.client.name}`;
  return (
    <>
      {own ? (
        <span
          className="inline-flex items-center gap-1.5 self-center whitespace-nowrap px-2 text-xs text-muted"
          data-testid="approval-waiting"
        >
          <Hourglass className="h-3.5 w-3.5" aria-hidden="true" />
          {t('waiting')}
        </span>
      ) : (
        <Button size="sm" onClick={() => onDecide(approval, 'approve')} data-testid="approval-approve">
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('approve')}
          <span className="sr-only">: {which}</span>
        </Button>
      )}
      <Button
        variant="dangerOutline"
        size="sm"
        onClick={() => onDecide(approval, 'reject')}
        data-testid="approval-reject"
      >
        <X className="h-4 w-4" aria-hidden="true" />
        {t('reject')}
        <span className="sr-only">: {which}</span>
      </Button>
    </>
  );
}
