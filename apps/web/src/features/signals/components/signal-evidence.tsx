import type { TSignal, TSignalEvidence } from '@meridian/contracts/signals';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPrice } from '@/lib/format';
import { SignalResultBadge } from './signal-badges';

/**
 * What the stored 1-minute candles say about a signal, in plain words: which way its target lies,
 * the furthest the price went that way and when, whether and when it touched the target, how many
 * candles were read and up to when, and the result that follows (if it follows yet).
 */
export function SignalEvidence({
  signal,
  evidence,
}: {
  signal: Pick<TSignal, 'asset' | 'entryPrice' | 'targetPrice' | 'scheduleTime' | 'closingTime'>;
  evidence: TSignalEvidence;
}) {
  const { t, i18n } = useTranslation('signals');
  const locale = i18n.resolvedLanguage;
  const up = evidence.direction === 'up';
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  const price = (value: number) => formatPrice(signal.asset, value, locale);
  const time = (iso: string) => formatDateTime(iso, locale);
  return (
    <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-2" data-testid="signal-evidence">
      <Fact label={t('admin.evidence.direction')} wide>
        <span className="inline-flex items-start gap-1.5">
          <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t(up ? 'admin.evidence.up' : 'admin.evidence.down', {
            entry: price(signal.entryPrice),
            target: price(signal.targetPrice),
          })}
        </span>
      </Fact>
      <Fact label={t('admin.evidence.window')} wide>
        {time(signal.scheduleTime)} – {time(signal.closingTime)}
      </Fact>
      <Fact label={t(up ? 'admin.evidence.highest' : 'admin.evidence.lowest')}>
        <span data-testid="evidence-extreme">
          {evidence.extremePrice === null || evidence.extremeTime === null
            ? t('admin.evidence.noPrices')
            : t('admin.evidence.priceAt', { price: price(evidence.extremePrice), time: time(evidence.extremeTime) })}
        </span>
      </Fact>
      <Fact label={t('admin.evidence.target')}>
        <span data-testid="evidence-touched">
          {evidence.touchedAt
            ? t('admin.evidence.touchedAt', { time: time(evidence.touchedAt) })
            : t('admin.evidence.notTouched')}
        </span>
      </Fact>
      <Fact label={t('admin.evidence.candles')}>
        <span className="tabular-nums" data-testid="evidence-candles">
          {evidence.candles}
        </span>
      </Fact>
      <Fact label={t('admin.evidence.until')}>{time(evidence.until)}</Fact>
      <Fact label={t('admin.evidence.result')} wide>
        <span data-testid="evidence-result">
          {evidence.result ? <SignalResultBadge result={evidence.result} /> : t('admin.evidence.undecided')}
        </span>
      </Fact>
    </dl>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-fg">{children}</dd>
    </div>
  );
}
