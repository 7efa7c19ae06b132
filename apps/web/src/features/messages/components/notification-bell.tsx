import type { TInAppMessage } from '@meridian/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';
import { getMessagesQueryOptions, useUnreadCount } from '../api/get-messages';
import { useNoticeText } from '../hooks/use-notice-text';
import { BELL_CLASS, BellFace, bellCount } from './bell-face';
import { NoticeLink } from './notice-link';

/** How many of the newest messages the bell shows; the notifications page has them all. */
const BELL_LATEST = 5;

/**
 * The header bell: the unread count, and on a press the newest messages in the reader's language,
 * each with the link to its record, and the way to all of them. Kept fresh by the live updates.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation('shell');
  const unread = useUnreadCount(userId) ?? 0;
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? t('bell.unread', { unread: bellCount(unread) }) : t('bell.label')}
        className={BELL_CLASS}
        data-testid="notification-bell"
      >
        <BellFace unread={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={16}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-border bg-surface text-fg shadow-2xl"
          data-testid="notification-menu"
        >
          <Suspense
            fallback={
              <div className="grid h-24 place-items-center">
                <Spinner />
              </div>
            }
          >
            <LatestNotices userId={userId} onFollow={close} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function LatestNotices({ userId, onFollow }: { userId: string; onFollow: () => void }) {
  const { t } = useTranslation('messages');
  const query = useQuery(getMessagesQueryOptions(userId));
  const latest = query.data?.result.slice(0, BELL_LATEST) ?? [];
  return (
    <div>
      <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">{t('bellTitle')}</h2>
      {query.isPending ? (
        <div className="grid h-24 place-items-center">
          <Spinner />
        </div>
      ) : query.isError && !query.data ? (
        <p className="px-4 py-6 text-sm text-muted" role="alert">
          {t('loadFailed')}
        </p>
      ) : latest.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">{t('empty')}</p>
      ) : (
        <ul
          className="max-h-[min(28rem,70dvh)] divide-y divide-border overflow-y-auto"
          data-testid="notification-menu-list"
        >
          {latest.map((message) => (
            <BellItem key={message.id} message={message} onFollow={onFollow} />
          ))}
        </ul>
      )}
      <div className="border-t border-border px-4 py-2">
        <Link
          to="/user/notifications"
          onClick={onFollow}
          className="inline-flex min-h-9 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="notification-see-all"
        >
          {t('seeAll')}
        </Link>
      </div>
    </div>
  );
}

function BellItem({ message, onFollow }: { message: TInAppMessage; onFollow: () => void }) {
  const { t } = useTranslation('messages');
  const format = useLocaleFormat();
  const words = useNoticeText()(message);
  return (
    <li className={cn('px-4 py-3', !message.read && 'bg-primary/5')} data-testid="notification-menu-item">
      <p className={cn('break-words text-sm', message.read ? 'font-medium' : 'font-semibold')}>
        {!message.read && <span className="sr-only">{`${t('unread')}: `}</span>}
        {words.title}
      </p>
      <p className="mt-1 line-clamp-3 break-words text-sm text-fg" data-testid="notification-menu-text">
        {words.body}
      </p>
      <p className="mt-1 text-xs text-muted">{format.dateTime(message.createdAt)}</p>
      {message.link && <NoticeLink to={message.link} title={words.title} onFollow={onFollow} />}
    </li>
  );
}
