import type { TSignal } from '@meridian/contracts/signals';
import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { formatDateTime, formatPercent, formatPrice } from '@/lib/format';
import { canSettle } from '../utils/settlement';
import { SignalResultBadge, SignalStatusBadge } from './signal-badges';
import { SignalCardHeader, SignalFact } from './signal-card-parts';
import { SignalEvidence } from './signal-evidence';

export interface AdminSignalCardProps {
  signal: TSignal;
  onSettle: (signal: TSignal) => void;
}

/**
 * One signal as the admin sees it: its call, schedule, status and result, who joined and with how
 * much; Settle while it can be settled, and the evidence it was settled on once it has been.
 */
export function AdminSignalCard({ signal, onSettle }: AdminSignalCardProps) {
  const { t, i18n } = useTranslation('signals');
  const locale = i18n.resolvedLanguage;
  const titleId = `admin-signal-${signal.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col rounded-2xl border border-border bg-surface p-5"
      data-testid="admin-signal"
    >
      <SignalCardHeader
        signal={signal}
        titleId={titleId}
        directionLabel={(up) => t(up ? 'admin.targetAbove' : 'admin.targetBelow')}
        badges={
          <div className="flex flex-wrap gap-1.5">
            <SignalStatusBadge status={signal.status} />
            <SignalResultBadge result={signal.result} />
          </div>
        }
      />

      <p className="mt-3 line-clamp-3 whitespace-pre-line break-words text-sm text-muted">{signal.description}</p>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <SignalFact label={t('admin.fields.entryPrice')}>
          {formatPrice(signal.asset, signal.entryPrice, locale)}
        </SignalFact>
        <SignalFact label={t('admin.fields.targetPrice')}>
          {formatPrice(signal.asset, signal.targetPrice, locale)}
        </SignalFact>
        <SignalFact label={t('admin.fields.percentageReturn')}>
          {formatPercent(signal.percentageReturn, locale)}
        </SignalFact>
        <SignalFact label={t('admin.fields.minEntryAmount')}>
          <Money amount={signal.minEntryAmount} />
        </SignalFact>
        <SignalFact label={t('admin.fields.scheduleTime')}>{formatDateTime(signal.scheduleTime, locale)}</SignalFact>
        <SignalFact label={t('admin.fields.closingTime')}>{formatDateTime(signal.closingTime, locale)}</SignalFact>
        <SignalFact label={t('admin.participants')}>
          <span data-testid="signal-participants">{signal.participants}</span>
        </SignalFact>
        <SignalFact label={t('admin.totalEntries')}>
          <Money amount={signal.totalEntries} />
        </SignalFact>
      </dl>

      <div className="mt-auto pt-4">
        {canSettle(signal) ? (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
            <p className="text-xs text-muted">
              {t(signal.status === 'active' ? 'admin.settleActiveHint' : 'admin.settleCompletedHint')}
            </p>
            <Button size="sm" onClick={() => onSettle(signal)} data-testid="signal-settle">
              <Scale className="h-4 w-4" aria-hidden="true" />
              {t('admin.settle')}
              <span className="sr-only">: {signal.title}</span>
            </Button>
          </div>
        ) : signal.evidence ? (
          <details className="group border-t border-border pt-4" data-testid="signal-stored-evidence">
            <summary className="cursor-pointer rounded text-sm font-medium text-primary">
              {t('admin.storedEvidence', {
                time: signal.settledAt ? formatDateTime(signal.settledAt, locale) : '—',
              })}
            </summary>
            <div className="mt-3">
              <SignalEvidence signal={signal} evidence={signal.evidence} />
            </div>
          </details>
        ) : signal.status === 'pending' ? (
          <p className="border-t border-border pt-4 text-xs text-muted">{t('admin.pendingHint')}</p>
        ) : null}
      </div>
    </article>
  );
}
