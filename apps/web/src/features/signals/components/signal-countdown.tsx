import type { TSignal } from '@meridian/contracts/signals';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatTimeLeft } from '@/lib/countdown';
import { signalPhase } from '../utils/signal-phase';

/** "Opens in 01:02:03" before the schedule time, "Closes in …" until the closing time, then EXPIRED. */
export function SignalCountdown({
  signal,
  now,
}: {
  signal: Pick<TSignal, 'scheduleTime' | 'closingTime'>;
  now: number;
}) {
  const { t, i18n } = useTranslation('signals');
  const { phase, msLeft } = signalPhase(signal, now);
  if (phase === 'expired') {
    return (
      <span data-testid="signal-countdown">
        <Badge tone="danger">{t('signals.countdown.expired')}</Badge>
      </span>
    );
  }
  return (
    <span
      className="inline-flex items-center gap-1.5 text-sm font-medium text-fg tabular-nums"
      data-testid="signal-countdown"
    >
      <Clock className="h-4 w-4 text-primary" aria-hidden="true" />
      {t(phase === 'opens' ? 'signals.countdown.opensIn' : 'signals.countdown.closesIn', {
        time: formatTimeLeft(msLeft, i18n.resolvedLanguage),
      })}
    </span>
  );
}
