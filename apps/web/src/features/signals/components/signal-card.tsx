import type { TSignal } from '@meridian/contracts/signals';
import { ArrowDownRight, ArrowUpRight, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { formatDateTime, formatPercent, formatPrice } from '@/lib/format';
import { canJoin } from '../utils/signal-phase';
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
  const { t, i18n } = useTranslation('trading');
  const locale = i18n.resolvedLanguage;
  const titleId = `signal-${signal.id}`;
  const up = signal.targetPrice > signal.entryPrice;
  const Direction = up ? ArrowUpRight : ArrowDownRight;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-border bg-surface p-5"
      data-testid="signal-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="break-words text-lg font-semibold text-fg">
            {signal.title}
          </h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
            <Direction className={up ? 'h-4 w-4 text-success' : 'h-4 w-4 text-danger'} aria-hidden="true" />
            {signal.asset} · {t(up ? 'signals.directions.up' : 'signals.directions.down')}
          </p>
        </div>
        <Badge tone={signal.status === 'pending' ? 'info' : 'warning'}>{t(`signals.statuses.${signal.status}`)}</Badge>
      </div>

      {signal.description && (
        <p className="mt-3 line-clamp-3 whitespace-pre-line text-sm text-muted">{signal.description}</p>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Fact label={t('signals.fields.entry')}>{formatPrice(signal.asset, signal.entryPrice, locale)}</Fact>
        <Fact label={t('signals.fields.target')}>{formatPrice(signal.asset, signal.targetPrice, locale)}</Fact>
        <Fact label={t('signals.fields.return')}>
          <span className="text-success">{formatPercent(signal.percentageReturn, locale)}</span>
        </Fact>
        <Fact label={t('signals.fields.minEntry')}>
          <Money amount={signal.minEntryAmount} />
        </Fact>
        <Fact label={t('signals.fields.opens')}>{formatDateTime(signal.scheduleTime, locale)}</Fact>
        <Fact label={t('signals.fields.closes')}>{formatDateTime(signal.closingTime, locale)}</Fact>
      </dl>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <SignalCountdown signal={signal} now={now} />
        <JoinAction signal={signal} now={now} onJoin={onJoin} />
      </div>
    </article>
  );
}

function JoinAction({ signal, now, onJoin }: SignalCardProps) {
  const { t } = useTranslation('trading');
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="truncate font-medium tabular-nums text-fg">{children}</dd>
    </div>
  );
}
