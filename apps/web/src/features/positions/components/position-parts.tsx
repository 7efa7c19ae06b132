import type { TPosition } from '@meridian/contracts/positions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClientNameLink, clientDetailsPath } from '@/components/client-name-link';
import { Badge } from '@/components/ui/badge';

/** The client of a position (name over email), linking to their detail page. */
export function ClientCell({ user, userId }: { user: TPosition['user']; userId: string }) {
  const { t } = useTranslation('positions');
  if (!user) {
    return (
      <Link to={clientDetailsPath(userId)} className="text-muted hover:text-primary">
        {t('admin.unknownClient')}
      </Link>
    );
  }
  const name = `${user.firstname} ${user.lastname}`.trim() || user.username;
  return <ClientNameLink userId={user.id} name={name} email={user.email} />;
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
