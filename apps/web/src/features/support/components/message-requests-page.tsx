import { SUPPORT_PREVIEW_LENGTH, type TSupportMessage } from '@meridian/contracts/support';
import { Eye, MessageSquare, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { DetailItem } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { CardGrid, ListPage } from '@/components/ui/list-page';
import { SkeletonCards } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useDeleteSupportMessage } from '../api/delete-support-message';
import { useSupportMessages } from '../api/get-support-messages';

const DELETE_CLOSE_MS = 1000;

/** The first 100 characters of a message, with an ellipsis when there is more (the admin's message cards). */
export function previewOf(message: string): string {
  return message.length > SUPPORT_PREVIEW_LENGTH ? `${message.slice(0, SUPPORT_PREVIEW_LENGTH)}…` : message;
}

/** /admin/message-requests: the card grid of support messages, View Details and Delete. */
export function MessageRequestsPage() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const messages = useSupportMessages();
  const [viewing, setViewing] = useState<TSupportMessage | null>(null);
  const [deleting, setDeleting] = useState<TSupportMessage | null>(null);

  return (
    <ListPage
      back={<BackButton onClick={() => navigate(-1)}>{t('admin.back')}</BackButton>}
      title={t('admin.title')}
      subtitle={t('admin.subtitle')}
      query={messages}
      loading={<SkeletonCards height="h-44" />}
      errorTitle={t('admin.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState icon={MessageSquare} title={t('admin.empty')} description={t('admin.emptyBody')} />}
      dialogs={
        <>
          <Dialog
            open={viewing !== null}
            onOpenChange={(open) => {
              if (!open) setViewing(null);
            }}
            title={t('admin.detailsTitle')}
          >
            {viewing ? (
              <dl className="grid gap-4 sm:grid-cols-2" data-testid="support-message-details">
                <DetailItem label={t('form.name')}>{viewing.name}</DetailItem>
                <DetailItem label={t('form.email')}>
                  <a href={`mailto:${viewing.email}`} className="break-all text-primary hover:underline">
                    {viewing.email}
                  </a>
                </DetailItem>
                <DetailItem label={t('form.phone')}>{viewing.phone}</DetailItem>
                <DetailItem label={t('admin.received')}>
                  <FormattedDate iso={viewing.createdAt} />
                </DetailItem>
                <DetailItem label={t('form.message')} wide>
                  <p className="whitespace-pre-wrap break-words">{viewing.message}</p>
                </DetailItem>
              </dl>
            ) : null}
          </Dialog>
          {deleting ? <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} /> : null}
        </>
      }
    >
      {(data) => (
        <CardGrid label={t('admin.title')} items={data} itemKey={(message) => message.id}>
          {(message) => (
            <MessageCard message={message} onView={() => setViewing(message)} onDelete={() => setDeleting(message)} />
          )}
        </CardGrid>
      )}
    </ListPage>
  );
}

function FormattedDate({ iso }: { iso: string }) {
  const format = useLocaleFormat();
  return <time dateTime={iso}>{format.dateTime(iso)}</time>;
}

function MessageCard({
  message,
  onView,
  onDelete,
}: {
  message: TSupportMessage;
  onView: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('support');
  return (
    <article
      className="flex h-full flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      data-testid="support-message-card"
    >
      <div className="min-w-0">
        <p className="break-words font-semibold text-fg">{message.name}</p>
        <p className="break-all text-sm text-muted">{message.email}</p>
        <p className="mt-1 text-xs text-muted">
          <FormattedDate iso={message.createdAt} />
        </p>
      </div>
      <p className="break-words text-sm text-fg">{previewOf(message.message)}</p>
      <div className="mt-auto flex gap-2 border-t border-border pt-4">
        <Button variant="outline" size="sm" onClick={onView}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          {t('admin.viewDetails')}
        </Button>
        <Button variant="dangerGhost" size="sm" onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t('admin.delete')}
        </Button>
      </div>
    </article>
  );
}

function DeleteMessageDialog({ message, onClose }: { message: TSupportMessage; onClose: () => void }) {
  const { t } = useTranslation('support');
  const errorText = useApiErrorText();
  const remove = useDeleteSupportMessage();

  useAfterDelay(remove.isSuccess, DELETE_CLOSE_MS, onClose);

  const confirm = () => {
    if (remove.isPending || remove.isSuccess) return;
    remove.mutate(message.id, { onSuccess: () => toast.success(t(messageKey('transactions.deleted'))) });
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('admin.deleteTitle', { name: message.name })}
      description={t('admin.deleteConfirmation')}
      confirmLabel={t('admin.delete')}
      onConfirm={confirm}
      busy={remove.isPending}
      done={remove.isSuccess ? t(messageKey('transactions.deleted')) : undefined}
      error={remove.isError ? errorText(remove.error, t('admin.deleteFailed')) : undefined}
    />
  );
}
