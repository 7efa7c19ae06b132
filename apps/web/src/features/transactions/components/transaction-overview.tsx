import { setTransactionStatus } from '@meridian/contracts/endpoints/transactions';
import { shortId } from '@meridian/contracts/transaction-terms';
import { networkLabel, type TTransaction } from '@meridian/contracts/transactions';
import { CreditCard, Hash, Receipt, RefreshCw, Trash2, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card, DetailItem } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { DetailPage } from '@/components/ui/detail-page';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { VerifiedBadge } from '@/components/ui/status-badges';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { useTransaction } from '../api/get-transaction';
import {
  canDeleteRecord,
  canUpdateStatus,
  isSignedRecord,
  methodNameOf,
  statusRuleOf,
  walletAddressOf,
} from '../utils/record-rules';
import { CopyableValue } from './copyable-value';
import { DeleteRecordDialog } from './delete-record-dialog';
import { PayoutReferenceDialog } from './payout-reference-dialog';
import { RecordStatus, TypeBadge } from './record-badges';
import { clientPath } from './record-table';
import { StatusDialog } from './status-dialog';
import { WithdrawalPayoutAdmin } from './withdrawal-payout-admin';

/** The list a record belongs to, for the way back. */
function listPathOf(type: TTransaction['type']): string {
  if (type === 'Deposit') return '/admin/deposits';
  if (type === 'Withdrawal') return '/admin/withdrawals';
  if (type === 'Investment') return '/admin/investments';
  return '/admin/transactions';
}

/** /admin/transaction-overview/{id}: Transaction Info, Payment Method and User Information. */
export function TransactionOverview({ id }: { id: string }) {
  const { t } = useTranslation('transactions');
  const query = useTransaction(id);

  return (
    <DetailPage
      width="md"
      back={
        <BackButton to={query.data ? listPathOf(query.data.type) : '/admin/transactions'}>
          {t('overview.back')}
        </BackButton>
      }
      query={query}
      loading={
        <LoadingStatus className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-72 rounded-2xl lg:col-span-2" />
          <Skeleton className="h-48 rounded-2xl" />
          <Skeleton className="h-48 rounded-2xl" />
        </LoadingStatus>
      }
      errorTitle={t('overview.loadError')}
    >
      {(data) => <OverviewBody record={data} />}
    </DetailPage>
  );
}

function OverviewBody({ record }: { record: TTransaction }) {
  const { t } = useTranslation('transactions');
  const format = useLocaleFormat();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'status' | 'delete' | null>(null);
  const rule = statusRuleOf(record);
  const updatable = canUpdateStatus(record);
  const messageText = useMessageText();
  const keptReasonId = useId();
  // Deciding, deleting and recording a payout share one permission (money.manage); others only view.
  const canDecide = useCan(setTransactionStatus.permission);
  // A record that moved money is kept by the server: Delete is disabled and says why.
  const keptReason = canDeleteRecord(record) ? undefined : messageText('errors.recordMovedMoney');
  const amount = isSignedRecord(record) ? format.money(record.amount, record.direction) : format.money(record.amount);

  return (
    <>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-fg">{t('overview.title')}</h1>
          <p className="mt-1 font-mono text-sm text-muted">#{shortId(record.id)}</p>
        </div>
        {canDecide && (
          <div className="flex flex-col gap-2 sm:items-end">
            <div className="flex flex-wrap gap-2">
              {rule && (
                <Button
                  variant="outline"
                  onClick={() => setDialog('status')}
                  disabled={!updatable}
                  data-testid="overview-status"
                >
                  <RefreshCw className="h-4 w-4" aria-hidden="true" />
                  {t('actions.updateStatus')}
                </Button>
              )}
              <Button
                variant="danger"
                onClick={() => setDialog('delete')}
                disabled={keptReason !== undefined}
                aria-describedby={keptReason ? keptReasonId : undefined}
                data-testid="overview-delete"
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('actions.delete')}
              </Button>
            </div>
            {keptReason && (
              <p
                id={keptReasonId}
                className="max-w-sm text-xs text-muted sm:text-right"
                data-testid="overview-delete-reason"
              >
                {keptReason}
              </p>
            )}
          </div>
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('overview.info.title')} icon={Receipt} className="lg:col-span-2">
          <div className="mb-5 flex flex-wrap items-end justify-between gap-3 border-b border-border pb-5">
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-muted">{t('backoffice:columns.amount')}</p>
              <p className="mt-1 text-3xl font-semibold tabular-nums text-fg" data-testid="overview-amount">
                {amount}
              </p>
            </div>
            <RecordStatus status={record.status} />
          </div>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
            <DetailItem label={t('overview.info.id')}>
              <span className="break-all font-mono text-xs">{record.id}</span>
            </DetailItem>
            <DetailItem label={t('backoffice:columns.type')}>
              <TypeBadge record={record} />
            </DetailItem>
            <DetailItem label={t('overview.info.createdAt')}>{format.dateTime(record.createdAt)}</DetailItem>
            <DetailItem label={t('overview.info.updatedAt')}>{format.dateTime(record.updatedAt)}</DetailItem>
            {record.investmentPlan && (
              <DetailItem label={t('overview.info.plan')}>{record.investmentPlan.name}</DetailItem>
            )}
            {record.reason && (
              <DetailItem label={t('overview.info.reason')} wide>
                <p className="whitespace-pre-line">{record.reason}</p>
              </DetailItem>
            )}
          </dl>
        </Card>
        <PaymentCard record={record} />
        <UserCard record={record} />
      </div>

      {dialog === 'status' && rule && <StatusDialog record={record} rule={rule} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteRecordDialog
          record={record}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(listPathOf(record.type), { replace: true })}
        />
      )}
    </>
  );
}

/**
 * Why a record has no payment method: an admin's adjustment, a payout of an investment plan, or a
 * position or signal trade (money moving inside the client's account).
 */
const NO_METHOD_TEXT: Partial<Record<TTransaction['type'], string>> = {
  Adjustment: 'overview.payment.adjustment',
  Payout: 'overview.payment.payout',
  Position: 'overview.payment.position',
  Signal: 'overview.payment.signal',
};

function PaymentCard({ record }: { record: TTransaction }) {
  const { t } = useTranslation('transactions');
  const method = methodNameOf(record);
  const address = walletAddressOf(record);
  return (
    <Card title={t('overview.payment.title')} icon={CreditCard}>
      {method || address ? (
        <dl className="grid gap-4">
          <DetailItem label={t('overview.payment.method')}>{method ?? '—'}</DetailItem>
          <DetailItem label={t('overview.payment.network')}>{networkLabel(method)}</DetailItem>
          <DetailItem
            label={t(record.type === 'Withdrawal' ? 'overview.payment.clientAddress' : 'overview.payment.address')}
          >
            {address ? (
              <div className="flex flex-wrap items-center gap-2">
                <code className="min-w-0 break-all rounded-lg bg-surface-2 px-3 py-1.5 font-mono text-xs">
                  {address}
                </code>
                <CopyButton value={address} label={t('overview.payment.copyAddress')} />
              </div>
            ) : (
              '—'
            )}
          </DetailItem>
          <TransferDetails record={record} />
        </dl>
      ) : (
        <p className="text-sm text-muted">{t(NO_METHOD_TEXT[record.type] ?? 'overview.payment.none')}</p>
      )}
    </Card>
  );
}

/**
 * What the desk checks on the network: a deposit's transfer hash or reference and sending address as
 * the client gave them, or a withdrawal's payout reference (recorded, or corrected, once paid).
 */
function TransferDetails({ record }: { record: TTransaction }) {
  const { t } = useTranslation('transactions');
  const [editing, setEditing] = useState(false);
  const canRecord = useCan(setTransactionStatus.permission);
  if (record.type === 'Deposit') {
    return (
      <>
        <DetailItem label={t('overview.payment.reference')}>
          <CopyableValue
            chip
            value={record.reference}
            label={t('overview.payment.copyReference')}
            testId="overview-reference"
            missing={t('overview.payment.referenceMissing')}
          />
        </DetailItem>
        <DetailItem label={t('overview.payment.sender')}>
          <CopyableValue
            chip
            value={record.senderAddress}
            label={t('overview.payment.copySender')}
            testId="overview-sender"
            missing={t('overview.payment.notGiven')}
          />
        </DetailItem>
      </>
    );
  }
  if (record.type !== 'Withdrawal') return null;
  const paid = record.status === 'Completed';
  const reference = (
    <DetailItem label={t('overview.payment.payoutReference')}>
      <div className="flex flex-col items-start gap-2">
        <CopyableValue
          chip
          value={record.reference}
          label={t('overview.payment.copyPayoutReference')}
          testId="overview-reference"
          missing={t(paid ? 'overview.payment.payoutMissing' : 'overview.payment.payoutLater')}
        />
        {paid && canRecord && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="overview-payout-reference">
            <Hash className="h-4 w-4" aria-hidden="true" />
            {t(record.reference ? 'payout.edit' : 'payout.add')}
          </Button>
        )}
      </div>
      {editing && <PayoutReferenceDialog record={record} onClose={() => setEditing(false)} />}
    </DetailItem>
  );
  // On a watched method: the payout transaction as it confirms, and recording it (docs/money.md).
  return (
    <>
      {reference}
      <WithdrawalPayoutAdmin record={record} />
    </>
  );
}

function UserCard({ record }: { record: TTransaction }) {
  const { t } = useTranslation('transactions');
  const user = record.user;
  return (
    <Card title={t('overview.user.title')} icon={UserRound}>
      {user ? (
        <div className="space-y-4">
          <dl className="grid gap-4">
            <DetailItem label={t('overview.user.name')}>{`${user.firstname} ${user.lastname}`.trim()}</DetailItem>
            <DetailItem label={t('overview.user.email')}>
              <span className="break-all">{user.email}</span>
            </DetailItem>
            <DetailItem label={t('overview.user.verification')}>
              <VerifiedBadge
                isVerified={user.isVerified}
                labels={{ yes: t('clients:client.verified'), no: t('clients:client.unverified') }}
              />
            </DetailItem>
          </dl>
          <ButtonLink variant="outline" size="sm" to={clientPath(user.id)} data-testid="overview-client-link">
            {t('overview.user.viewClient')}
          </ButtonLink>
        </div>
      ) : (
        <ButtonLink variant="outline" size="sm" to={clientPath(record.userId)}>
          {t('overview.user.viewClient')}
        </ButtonLink>
      )}
    </Card>
  );
}
