import type { TPosition } from '@meridian/contracts/positions';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { ExpiryText } from './position-levels';
import { PositionStatusBadge } from './position-parts';

/**
 * Open with when it expires (or that it does not); or closed with when and why: its expiration, a
 * stop-out, its take-profit or stop-loss, its client, or an admin at market with the reason given
 * (which the client reads too).
 */
export function PositionStatus({ position }: { position: TPosition }) {
  const { t, i18n } = useTranslation('positions');
  const locale = i18n.resolvedLanguage;
  return (
    <span className="inline-flex max-w-48 flex-col items-end gap-1 text-right xl:items-start xl:text-left">
      <PositionStatusBadge status={position.status} />
      {position.status === 'open' ? (
        <span className="text-xs text-muted" data-testid="position-expiry">
          <ExpiryText expiresAt={position.expiresAt} label="admin.expiresAt" locale={locale} />
        </span>
      ) : (
        <>
          {position.closeReason && (
            <span className="text-xs" data-testid="position-close-reason">
              {t(`admin.closeReasons.${position.closeReason}`)}
            </span>
          )}
          {position.closeNote && (
            <q className="break-words text-xs text-muted" data-testid="position-close-note">
              {position.closeNote}
            </q>
          )}
          {position.closedAt && (
            <span className="text-xs text-muted">
              {t('admin.closedAt', { time: formatDateTime(position.closedAt, locale) })}
            </span>
          )}
        </>
      )}
    </span>
  );
}
