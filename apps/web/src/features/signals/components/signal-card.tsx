import type { TSignal } from '@meridian/contracts/signals';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { formatDateTime, formatPercent, formatPrice } from '@/lib/format';
import { canJoin } from '../utils/signal-phase';
import { SignalCardHeader, SignalFact } from './signal-card-parts';
import { SignalCountdown } from './signal-countdown';

export interface SignalCardProps {
  signal: TSignal;
  now: number;
  onJoin: (signal: TSignal) => void;
}

/**
 * One signal: its call (pair, entry, target, return, minimum entry), its schedule with the countdown,
 * and Join while it can be joined (pending, not yet open); otherwise why not.
 */
export function SignalCard({ signal, now, onJoin }: SignalCardProps) {
  const { t, i18n } = useTranslation('signals');
  const locale = i18n.resolvedLanguage;
  const titleId = `signal-${signal.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-border bg-surface p-5"
      data-testid="signal-card"
    >
      <SignalCardHeader
        signal={signal}
        titleId={titleId}
        directionLabel={(up) => t(up ? 'signals.directions.up' : 'signals.directions.down')}
        badges={
          <Badge tone={signal.status === 'pending' ? 'info' : 'warning'}>
            {t(`signals.statuses.${signal.status}`)}
          </Badge>
        }
      />

      {signal.description && (
        <p className="mt-3 line-clamp-3 whitespace-pre-line text-sm text-muted">{signal.description}</p>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <SignalFact label={t('signals.fields.entry')}>
          {formatPrice(signal.asset, signal.entryPrice, locale)}
        </SignalFact>
        <SignalFact label={t('signals.fields.target')}>
          {formatPrice(signal.asset, signal.targetPrice, locale)}
        </SignalFact>
        <SignalFact label={t('signals.fields.return')}>
          <span className="text-success">{formatPercent(signal.percentageReturn, locale)}</span>
        </SignalFact>
        <SignalFact label={t('signals.fields.minEntry')}>
          <Money amount={signal.minEntryAmount} />
        </SignalFact>
        <SignalFact label={t('signals.fields.opens')}>{formatDateTime(signal.scheduleTime, locale)}</SignalFact>
        <SignalFact label={t('signals.fields.closes')}>{formatDateTime(signal.closingTime, locale)}</SignalFact>
      </dl>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <SignalCountdown signal={signal} now={now} />
        <JoinAction signal={signal} now={now} onJoin={onJoin} />
      </div>
    </article>
  );
}

function JoinAction({ signal, now, onJoin }: SignalCardProps) {
  const { t } = useTranslation('signals');
  if (signal.joined) {
    return (
      <Badge tone="success" icon={<CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />}>
        {t('signals.joined')}
      </Badge>
    );
  }
  if (!canJoin(signal, now)) return <span className="text-sm text-muted">{t('signals.joinClosed')}</span>;
  return (
    <Button size="sm" onClick={() => onJoin(signal)} data-testid="signal-join">
      {t('signals.join.button')}
    </Button>
  );
}
