import { BELL_MAX_COUNT } from '@meridian/contracts/constants';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '@/features/messages/api/get-messages';

/** The header bell: links to the notifications, with the unread count ('9+' above 9). */
export function ClientBell({ userId }: { userId: string }) {
  const { t } = useTranslation('shell');
  const unread = useUnreadCount(userId) ?? 0;
  return (
    <Link
      to="/user/notifications"
      aria-label={unread > 0 ? t('bell.unread', { unread }) : t('bell.label')}
      className="relative grid h-10 w-10 place-items-center rounded-lg text-fg hover:bg-surface-2"
      data-testid="notification-bell"
    >
      <Bell className="h-5 w-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[11px] font-semibold leading-none text-white dark:text-bg"
          data-testid="notification-count"
        >
          {unread > BELL_MAX_COUNT ? `${BELL_MAX_COUNT}+` : unread}
        </span>
      )}
    </Link>
  );
}
