import { updateDepositMethod } from '@meridian/contracts/endpoints/methods';
import { isBitcoinMethod } from '@meridian/contracts/methods';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { DetailItem } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { DetailPage } from '@/components/ui/detail-page';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCan } from '@/hooks/use-can';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { messageKey } from '@/i18n';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useDeleteMethod } from '../api/delete-method';
import { useMethod } from '../api/get-method';
import { METHOD_KINDS, type TMethod, type TMethodKind } from '../api/method-kinds';
import { ChainWatchSection } from './chain-watch-section';
import { MethodFormDialog } from './method-form-dialog';
import { MethodInitial, ProcessingTime, RecommendedBadge } from './method-visuals';
import { PayoutWatchSection } from './payout-watch-section';

/** A delete dialog closes about 1 second after it succeeded. */
const DELETE_CLOSE_MS = 1000;

/** /admin/depositmethod/{id} and /admin/withdrawalmethod/{id}: Back to Methods, Edit Method, Delete Method. */
export function MethodDetail({ kind, id }: { kind: TMethodKind; id: string }) {
  const { t } = useTranslation('methods');
  const method = useMethod(kind, id);
  const config = METHOD_KINDS[kind];

  return (
    <DetailPage
      width="sm"
      back={<BackButton to={config.listRoute}>{t('admin.back')}</BackButton>}
      query={method}
      loading={
        <LoadingStatus className="space-y-4">
          <Skeleton className="h-20 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingStatus>
      }
      errorTitle={t('admin.detailError')}
    >
      {(data) => <MethodBody kind={kind} method={data} />}
    </DetailPage>
  );
}

function MethodBody({ kind, method }: { kind: TMethodKind; method: TMethod }) {
  const { t } = useTranslation('methods');
  const format = useLocaleFormat();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const bitcoin = isBitcoinMethod(method.name);
  // Editing and deleting either kind share one permission (catalogue.manage); others only read.
  const canEdit = useCan(updateDepositMethod.permission);

  return (
    <>
      <section
        aria-labelledby="method-title"
        className={cn('rounded-2xl border bg-surface', bitcoin ? 'border-amber-400/70' : 'border-border')}
      >
        <header className="flex flex-col gap-4 border-b border-border p-5 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-4">
            <MethodInitial name={method.name} size="lg" />
            <div className="min-w-0">
              <h1 id="method-title" className="truncate text-xl font-semibold text-fg">
                {method.name}
              </h1>
              <p className="text-sm text-muted">{t(`methods.${kind}.kindLabel`)}</p>
            </div>
            <RecommendedBadge name={method.name} kind={kind} />
          </div>
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setEditing(true)} data-testid="method-edit">
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t('admin.edit')}
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)} data-testid="method-delete">
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('admin.delete')}
              </Button>
            </div>
          )}
        </header>
        <dl className="grid gap-x-6 gap-y-5 p-5 sm:grid-cols-2">
          {METHOD_KINDS[kind].hasValue && (
            <DetailItem label={t('admin.fields.value')} wide>
              <div className="flex flex-wrap items-center gap-2">
                <code className="min-w-0 break-all rounded-lg bg-surface-2 px-3 py-1.5 font-mono text-sm">
                  {method.value}
                </code>
                <CopyButton copies="address" value={method.value ?? ''} label={t('admin.copyAddress')} />
              </div>
            </DetailItem>
          )}
          <DetailItem label={t('admin.fields.description')} wide>
            <p className="whitespace-pre-line">{method.description}</p>
          </DetailItem>
          <DetailItem label={t('admin.fields.minAmount')}>
            <span className="tabular-nums">{format.money(method.minAmount)}</span>
          </DetailItem>
          <DetailItem label={t('admin.fields.maxAmount')}>
            <span className="tabular-nums">{format.money(method.maxAmount)}</span>
          </DetailItem>
          <DetailItem label={t('admin.processingTime')}>
            <ProcessingTime name={method.name} />
          </DetailItem>
          <DetailItem label={t('admin.fee')}>0%</DetailItem>
          <DetailItem label={t('admin.createdAt')}>{format.dateTime(method.createdAt)}</DetailItem>
        </dl>
      </section>
      {kind === 'deposit' && <ChainWatchSection methodId={method.id} />}
      {kind === 'withdrawal' && <PayoutWatchSection methodId={method.id} />}
      {editing && <MethodFormDialog kind={kind} onClose={() => setEditing(false)} method={method} />}
      {deleting && <DeleteMethodDialog kind={kind} method={method} onClose={() => setDeleting(false)} />}
    </>
  );
}

function DeleteMethodDialog({ kind, method, onClose }: { kind: TMethodKind; method: TMethod; onClose: () => void }) {
  const { t } = useTranslation('methods');
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = METHOD_KINDS[kind];
  const remove = useDeleteMethod(kind, method.id);

  useAfterDelay(remove.isSuccess, DELETE_CLOSE_MS, () => {
    onClose();
    navigate(config.listRoute, { replace: true });
    queryClient.removeQueries({ queryKey: config.detailKey(method.id) });
  });

  const confirm = () => {
    if (remove.isPending || remove.isSuccess) return;
    remove.mutate(undefined, { onSuccess: () => toast.success(t(messageKey(config.deleted))) });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('admin.deleteTitle', { name: method.name })}
      description={t('backoffice:delete.confirmation')}
      confirmLabel={t('admin.delete')}
      onConfirm={confirm}
      busy={remove.isPending}
      done={remove.isSuccess ? t(messageKey(config.deleted)) : undefined}
      error={remove.isError ? errorText(remove.error, t(`methods.${kind}.deleteFailed`)) : undefined}
    />
  );
}
