import type { TPosition } from '@meridian/contracts/positions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';

const clientPath = (userId: string) => `/admin/client_details/${encodeURIComponent(userId)}`;

/** The client of a position (name over email), linking to their detail page. */
export function ClientCell({ user, userId }: { user: TPosition['user']; userId: string }) {
  const { t } = useTranslation('positions');
  if (!user) {
    return (
      <Link to={clientPath(userId)} className="text-muted hover:text-primary">
        {t('admin.unknownClient')}
      </Link>
    );
  }
  const name = `${user.firstname} ${user.lastname}`.trim() || user.username;
  return (
    <Link
      to={clientPath(user.id)}
      className="group inline-flex min-w-0 max-w-44 flex-col rounded text-right hover:text-primary xl:text-left"
    >
      <span className="block truncate font-medium">{name}</span>
      <span className="block truncate text-xs text-muted group-hover:text-primary">{user.email}</span>
    </Link>
  );
}

/** Buy or Sell, in words and colour. */
export function SideBadge({ type }: { type: TPosition['type'] }) {
  const { t } = useTranslation('positions');
  return <Badge tone={type === 'buy' ? 'success' : 'danger'}>{t(`admin.types.${type}`)}</Badge>;
}

/** Open or Closed. */
export function PositionStatusBadge({ status }: { status: TPosition['status'] }) {
  const { t } = useTranslation('positions');
  return (
    <Badge tone={status === 'open' ? 'info' : 'neutral'} className="gap-1.5">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {t(`admin.statuses.${status}`)}
    </Badge>
  );
}
