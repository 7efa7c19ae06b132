import { IN_APP_PREVIEW_LENGTH, type TInAppMessage } from '@meridian/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/list-page';
import { QueryView } from '@/components/ui/query-view';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { getMessagesQueryOptions } from '../api/get-messages';
import { useDeleteMessage, useMarkAllRead } from '../api/notification-mutations';
import { useNoticeText } from '../hooks/use-notice-text';
import { NoticeLink } from './notice-link';

/**
 * /user/notifications: the in-app messages, newest first, in the reader's language, unread ones
 * marked, a 100-character preview with Read More, the link to a notice's record, Mark all as read
 * and Delete with confirmation.
 */
export function NotificationList({ userId }: { userId: string }) {
  const { t } = useTranslation('messages');
  const errorText = useApiErrorText();
  const query = useQuery(getMessagesQueryOptions(userId));
  const markAll = useMarkAllRead(userId);
  const remove = useDeleteMessage(userId);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onMarkAll = async () => {
    try {
      await markAll.mutateAsync();
      toast.success(t('allMarkedRead'));
    } catch (err) {
      toast.error(errorText(err, t('markAllFailed')));
    }
  };

  const onDelete = async () => {
    if (!toDelete) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(toDelete);
      toast.success(t('deleted'));
      setToDelete(null);
    } catch (err) {
      setDeleteError(errorText(err, t('deleteFailed')));
    }
  };

  const unread = query.data?.unread ?? 0;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader
        title={t('title')}
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => void onMarkAll()}
            loading={markAll.isPending}
            disabled={unread === 0}
            data-testid="notifications-mark-all"
          >
            <CheckCheck className="h-4 w-4" aria-hidden="true" />
            {t('markAllRead')}
          </Button>
        }
      />
      <QueryView
        query={query}
        errorTitle={t('loadFailed')}
        isEmpty={(data) => data.result.length === 0}
        empty={<EmptyState title={t('empty')} icon={Bell} />}
      >
        {(data) => (
          <ul className="space-y-3" data-testid="notifications-list">
            {data.result.map((m) => (
              <NotificationItem key={m.id} message={m} onDelete={() => setToDelete(m.id)} />
            ))}
          </ul>
        )}
      </QueryView>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            setDeleteError(null);
          }
        }}
        title={t('deleteTitle')}
        description={t('deleteConfirm')}
        confirmLabel={t('delete')}
        onConfirm={() => void onDelete()}
        busy={remove.isPending}
        error={deleteError}
      />
    </div>
  );
}

function NotificationItem({ message, onDelete }: { message: TInAppMessage; onDelete: () => void }) {
  const { t } = useTranslation('messages');
  const format = useLocaleFormat();
  const words = useNoticeText()(message);
  const [expanded, setExpanded] = useState(false);
  const full = words.reason ? `${words.body}\n${words.reason}` : words.body;
  const long = full.length > IN_APP_PREVIEW_LENGTH;
  const text = expanded || !long ? full : `${full.slice(0, IN_APP_PREVIEW_LENGTH)}…`;
  return (
    <li
      className={cn(
        'rounded-2xl border bg-surface p-4',
        message.read ? 'border-border' : 'border-primary/40 bg-primary/5',
      )}
      data-testid="notification-item"
      data-read={message.read}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className={cn('break-words text-fg', message.read ? 'font-medium' : 'font-semibold')}>{words.title}</h3>
            {!message.read && <Badge tone="info">{t('unread')}</Badge>}
          </div>
          <p className="text-xs text-muted">{t('receivedAt', { date: format.dateTime(message.createdAt) })}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t('delete')} data-testid="notification-delete">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-fg" data-testid="notification-text">
        {text}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-x-4">
        {long && (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 text-primary"
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
            data-testid="notification-read-more"
          >
            {expanded ? t('showLess') : t('readMore')}
          </Button>
        )}
        {message.link && <NoticeLink to={message.link} title={words.title} />}
      </div>
    </li>
  );
}
