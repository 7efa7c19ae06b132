import type { TQuote } from '@meridian/contracts/market';
import type { TPosition } from '@meridian/contracts/positions';
import { realisedPnl, unrealisedPnl } from '@meridian/contracts/positions';
import { useTranslation } from 'react-i18next';
import { SignedMoney } from './position-parts';

/**
 * A position's P&L: realised for a closed one; for an open one what it would make if it closed now
 * at the live price, labelled as unrealised (a dash while no fresh price is known).
 */
export function PositionPnl({ position, quote }: { position: TPosition; quote: TQuote | undefined }) {
  const { t } = useTranslation('backoffice');
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
        {t(position.status === 'closed' ? 'positions.realised' : 'positions.unrealised')}
      </span>
    </span>
  );
}
