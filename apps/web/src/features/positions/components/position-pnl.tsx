import type { TQuote } from '@meridian/contracts/market';
import { realisedPnl, unrealisedPnl } from '@meridian/contracts/position-terms';
import type { TPosition } from '@meridian/contracts/positions';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { SignedMoney } from '@/components/ui/money';
import { cn } from '@/lib/cn';

/**
 * The P&L of a position: a closed one shows its Gain or Loss badge and its result; an open one's is
 * Pending (as words, not a badge: the status column badges it Open), with what it would make if it
 * closed now at the live price, labelled as unrealised.
 */
export function PositionPnl({
  position,
  quote,
  alignStartFromLg = false,
}: {
  position: TPosition;
  quote: TQuote | undefined;
  /** In a table (from `lg`) the figures sit at the start of their cell; in cards and lists at the end. */
  alignStartFromLg?: boolean;
}) {
  const { t } = useTranslation('positions');
  if (position.status === 'closed') {
    return (
      <span
        className={cn('inline-flex flex-wrap items-center justify-end gap-2', alignStartFromLg && 'lg:justify-start')}
        data-testid="position-result"
      >
        <Badge tone={position.isLoss ? 'danger' : 'success'}>
          {position.isLoss ? t('positions.loss') : t('positions.gain')}
        </Badge>
        <SignedMoney amount={realisedPnl(position)} />
      </span>
    );
  }
  const live = unrealisedPnl(position, quote);
  return (
    <span
      className={cn(
        'inline-flex flex-col items-end gap-0.5 text-right',
        alignStartFromLg && 'lg:items-start lg:text-left',
      )}
    >
      {/* The spec's word for a result not known yet; the position's status (its badge) is Open. */}
      <span className="font-medium text-fg">{t('positions.pending')}</span>
      <span className="text-xs text-muted" data-testid="position-unrealised">
        {t('positions.unrealised')} {live === null ? <span>—</span> : <SignedMoney amount={live} className="text-xs" />}
      </span>
    </span>
  );
}

/**
 * A position's P&L in the admin's table: realised for a closed one; for an open one what it would make if it closed now
 * at the live price, labelled as unrealised (a dash while no fresh price is known).
 */
export function AdminPositionPnl({ position, quote }: { position: TPosition; quote: TQuote | undefined }) {
  const { t } = useTranslation('positions');
  const live = position.status === 'open' ? unrealisedPnl(position, quote) : null;
  return (
    <span className="inline-flex flex-col items-end gap-0.5 xl:items-start" data-testid="position-pnl">
      {position.status === 'closed' ? (
        <SignedMoney amount={realisedPnl(position)} />
      ) : live === null ? (
        <span className="text-muted">—</span>
      ) : (
        <SignedMoney amount={live} />
      )}
      <span className="text-xs text-muted">
        {t(position.status === 'closed' ? 'admin.realised' : 'admin.unrealised')}
      </span>
    </span>
  );
}
