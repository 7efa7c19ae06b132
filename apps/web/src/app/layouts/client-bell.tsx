import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '@/features/messages/api/get-messages';
import { BELL_CLASS, BellFace, bellCount } from '@/features/messages/components/bell-face';
import { lazyComponent } from '@/lib/lazy-component';

// The bell's menu (its popover and the notices' words) comes as a chunk of its own, after the frame.
const NotificationBell = lazyComponent(
  () => import('@/features/messages/components/notification-bell'),
  'NotificationBell',
);

/** The header bell: until its menu has loaded, a link to the notifications with the same count. */
export function ClientBell({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<BellLink userId={userId} />}>
      <NotificationBell userId={userId} />
    </Suspense>
  );
}

function BellLink({ userId }: { userId: string }) {
  const { t } = useTranslation('shell');
  const unread = useUnreadCount(userId) ?? 0;
  return (
    <Link
      to="/user/notifications"
      aria-label={unread > 0 ? t('bell.unread', { unread: bellCount(unread) }) : t('bell.label')}
      className={BELL_CLASS}
      data-testid="notification-bell"
    >
      <BellFace unread={unread} />
    </Link>
  );
}
