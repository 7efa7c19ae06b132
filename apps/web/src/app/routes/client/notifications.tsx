import { NotificationList } from '@/features/messages/components/notification-list';
import { useSession } from '@/lib/session';

/** /user/notifications: the client's in-app messages. */
export function NotificationsPage() {
  const current = useSession();
  if (!current) return null;
  return <NotificationList userId={current.user.id} />;
}

export { NotificationsPage as Component };
