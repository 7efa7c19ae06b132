import { approveUpgrade } from '@meridian/contracts/endpoints/upgrades';
import type { TUpgradeRequest } from '@meridian/contracts/investments';
import { ArrowRight, Check, CircleArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { Money } from '@/components/ui/money';
import { PlanBadge } from '@/components/ui/plan-badge';
import { SkeletonList } from '@/components/ui/skeleton';
import { Table, type TableColumn } from '@/components/ui/table';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useUpgradeRequests } from '../api/get-upgrade-requests';
import { ApproveUpgradeDialog } from './approve-upgrade-dialog';
import { RejectUpgradeDialog } from './reject-upgrade-dialog';

const clientPath = (userId: string) => `/admin/client_details/${encodeURIComponent(userId)}`;

type TDecision = { request: TUpgradeRequest; action: 'approve' | 'reject' } | null;

/**
 * /admin/plan-upgrades: pending requests (Client, Current Plan, Upgrade Request, Trading Balance,
 * Approve / Reject), refreshed every 30 seconds. Cards below `lg`.
 */
export function UpgradeRequestsPage() {
  const { t } = useTranslation('upgrades');
  const format = useLocaleFormat();
  const requests = useUpgradeRequests();
  const [deciding, setDeciding] = useState<TDecision>(null);
  // Approve and Reject share one permission (money.manage): without it the list is to read only.
  const canDecide = useCan(approveUpgrade.permission);

  const columns: TableColumn<TUpgradeRequest>[] = [
    {
      id: 'client',
      header: t('columns.client'),
      cell: (request) => <ClientCell user={request.user} />,
      hideInCard: true,
    },
    {
      id: 'current',
      header: t('columns.current'),
      cell: (request) =>
        request.currentPlan ? (
          <PlanBadge name={request.currentPlan.name} />
        ) : (
          <span className="text-muted">{t('noPlan')}</span>
        ),
    },
    {
      id: 'requested',
      header: t('columns.requested'),
      cell: (request) => (
        <span className="inline-flex flex-col items-end gap-0.5 lg:items-start">
          <span className="inline-flex items-center gap-1.5">
            <ArrowRight className="h-3.5 w-3.5 text-muted" aria-hidden="true" />
            <PlanBadge name={request.requestedPlan.name} />
          </span>
          <time dateTime={request.createdAt} className="text-xs text-muted">
            {format.dateTime(request.createdAt)}
          </time>
        </span>
      ),
    },
    {
      id: 'trading',
      header: t('columns.tradingBalance'),
      className: 'whitespace-nowrap text-right tabular-nums font-medium',
      cell: (request) => <Money amount={request.tradingBalance} />,
    },
  ];

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      query={requests}
      loading={<SkeletonList rows={4} />}
      errorTitle={t('loadError')}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState icon={CircleArrowUp} title={t('empty')} description={t('emptyBody')} />}
      dialogs={
        <>
          {deciding?.action === 'approve' && (
            <ApproveUpgradeDialog request={deciding.request} onClose={() => setDeciding(null)} />
          )}
          {deciding?.action === 'reject' && (
            <RejectUpgradeDialog request={deciding.request} onClose={() => setDeciding(null)} />
          )}
        </>
      }
    >
      {(data) => (
        <Table
          caption={t('title')}
          columns={columns}
          rows={data}
          rowKey={(request) => request.id}
          testId="upgrade"
          tableFrom="lg"
          cardTitle={(request) => <ClientCell user={request.user} />}
          actionsHeader={canDecide ? t('columns.actions') : undefined}
          actions={
            canDecide
              ? (request) => {
                  const name = `${request.user.firstname} ${request.user.lastname}`.trim();
                  return (
                    <>
                      <Button
                        size="sm"
                        onClick={() => setDeciding({ request, action: 'approve' })}
                        data-testid="upgrade-approve"
                      >
                        <Check className="h-4 w-4" aria-hidden="true" />
                        {t('approve')}
                        <span className="sr-only">: {name}</span>
                      </Button>
                      <Button
                        variant="dangerOutline"
                        size="sm"
                        onClick={() => setDeciding({ request, action: 'reject' })}
                        data-testid="upgrade-reject"
                      >
                        <X className="h-4 w-4" aria-hidden="true" />
                        {t('reject')}
                        <span className="sr-only">: {name}</span>
                      </Button>
                    </>
                  );
                }
              : undefined
          }
        />
      )}
    </ListPage>
  );
}

function ClientCell({ user }: { user: TUpgradeRequest['user'] }) {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Link to={clientPath(user.id)} className="group inline-flex min-w-0 max-w-64 flex-col rounded hover:text-primary">
      <span className="block truncate font-medium">{name}</span>
      <span className="block truncate text-xs font-normal text-muted group-hover:text-primary">{user.email}</span>
    </Link>
  );
}
