import { getUnlockRequestImage } from '@meridian/contracts/endpoints/recovery';
import type { TMessageKey } from '@meridian/contracts/messages';
import type { TUnlockRequest } from '@meridian/contracts/recovery';
import { Check, ImageOff, LockOpen, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { CardGrid, ListPage } from '@/components/ui/list-page';
import { Skeleton, SkeletonCards } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { useProtectedImage } from '@/hooks/use-protected-image';
import { toast } from '@/lib/toast';
import { useApproveUnlockRequest } from '../api/approve-unlock-request';
import { useUnlockRequests } from '../api/get-unlock-requests';
import { useRejectUnlockRequest } from '../api/reject-unlock-request';

const CLOSE_AFTER_MS = 1000;

type TDecision = { request: TUnlockRequest; action: 'approve' | 'reject' };

/** /admin/unlock-requests: pending unlock and password recovery requests, oldest first. */
export function UnlockRequestsPage() {
  const { t } = useTranslation('recovery');
  const requests = useUnlockRequests();
  const [deciding, setDeciding] = useState<TDecision | null>(null);

  return (
    <ListPage
      title={t('admin.title')}
      subtitle={t('admin.subtitle')}
      query={requests}
      loading={<SkeletonCards height="h-80" />}
      errorTitle={t('admin.loadFailed')}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState icon={LockOpen} title={t('admin.empty')} description={t('admin.emptyBody')} />}
      dialogs={deciding ? <DecisionDialog decision={deciding} onClose={() => setDeciding(null)} /> : null}
    >
      {(data) => (
        <CardGrid label={t('admin.title')} items={data} itemKey={(request) => request.id}>
          {(request) => <RequestCard request={request} onDecide={(action) => setDeciding({ request, action })} />}
        </CardGrid>
      )}
    </ListPage>
  );
}

function RequestCard({
  request,
  onDecide,
}: {
  request: TUnlockRequest;
  onDecide: (action: 'approve' | 'reject') => void;
}) {
  const { t } = useTranslation('recovery');
  const format = useLocaleFormat();
  const name = `${request.user.firstname} ${request.user.lastname}`;
  return (
    <article
      className="flex h-full flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      data-testid="unlock-request-card"
      aria-label={name}
    >
      <RequestPhoto id={request.id} name={name} />
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="break-words font-semibold text-fg">{name}</p>
          <Badge tone={request.kind === 'unlock' ? 'warning' : 'info'}>{t(`kinds.${request.kind}`)}</Badge>
        </div>
        <p className="break-all text-sm text-muted">{request.user.email}</p>
        <p className="text-xs text-muted">
          {t('admin.requestedAt')} <time dateTime={request.createdAt}>{format.dateTime(request.createdAt)}</time>
        </p>
      </div>
      <div className="mt-auto flex gap-2 border-t border-border pt-4">
        <Button size="sm" onClick={() => onDecide('approve')}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('admin.approve')}
        </Button>
        <Button variant="dangerOutline" size="sm" onClick={() => onDecide('reject')}>
          <X className="h-4 w-4" aria-hidden="true" />
          {t('admin.reject')}
        </Button>
      </div>
    </article>
  );
}

/** The photo is admin-only: fetched with the bearer token and shown through an object URL. */
function RequestPhoto({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('recovery');
  const image = useProtectedImage(getUnlockRequestImage, { id });
  if (image.isLoading) return <Skeleton className="aspect-[4/3] w-full rounded-xl" />;
  if (image.isError || !image.url) {
    return (
      <div className="grid aspect-[4/3] w-full place-items-center rounded-xl bg-surface-2 text-sm text-muted">
        <span className="flex items-center gap-2">
          <ImageOff className="h-4 w-4" aria-hidden="true" />
          {t('admin.photoFailed')}
        </span>
      </div>
    );
  }
  return (
    <a href={image.url} target="_blank" rel="noreferrer" className="block rounded-xl focus-visible:ring-2">
      <img
        src={image.url}
        alt={t('admin.photoAlt', { name })}
        className="aspect-[4/3] w-full rounded-xl bg-surface-2 object-contain"
      />
    </a>
  );
}

function DecisionDialog({ decision, onClose }: { decision: TDecision; onClose: () => void }) {
  const { t } = useTranslation('recovery');
  const text = useMessageText();
  const errorText = useApiErrorText();
  const approve = useApproveUnlockRequest();
  const reject = useRejectUnlockRequest();
  const mutation = decision.action === 'approve' ? approve : reject;
  const name = `${decision.request.user.firstname} ${decision.request.user.lastname}`;
  const decided: TMessageKey = decision.action === 'approve' ? 'recovery.approved' : 'recovery.rejected';

  useAfterDelay(mutation.isSuccess, CLOSE_AFTER_MS, onClose);

  const confirm = () => {
    if (mutation.isPending || mutation.isSuccess) return;
    mutation.mutate(decision.request.id, {
      onSuccess: () => toast.success(text(decided)),
      onError: (err) =>
        toast.error(errorText(err, decision.action === 'approve' ? t('admin.approveFailed') : t('admin.rejectFailed'))),
    });
  };

  const approving = decision.action === 'approve';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={approving ? t('admin.approveTitle', { name }) : t('admin.rejectTitle', { name })}
      description={approving ? t('admin.approveConfirm') : t('admin.rejectConfirm')}
      confirmLabel={approving ? t('admin.approve') : t('admin.reject')}
      tone={approving ? 'primary' : 'danger'}
      onConfirm={confirm}
      busy={mutation.isPending}
      done={mutation.isSuccess ? text(decided) : undefined}
      error={
        mutation.isError
          ? errorText(mutation.error, approving ? t('admin.approveFailed') : t('admin.rejectFailed'))
          : undefined
      }
    />
  );
}
