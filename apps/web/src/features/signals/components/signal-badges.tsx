import type { TSignal, TSignalResult, TSignalStatus } from '@meridian/contracts/signals';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeTone } from '@/components/ui/badge';

const STATUS_TONES: Record<TSignalStatus, TBadgeTone> = { pending: 'info', active: 'warning', completed: 'neutral' };
const RESULT_TONES: Record<TSignalResult, TBadgeTone> = { gain: 'success', loss: 'danger' };

/** Pending (before its schedule time), Active (until its closing time), Completed. */
export function SignalStatusBadge({ status }: { status: TSignalStatus }) {
  const { t } = useTranslation('signals');
  return (
    <Badge tone={STATUS_TONES[status]} className="gap-1.5">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {t(`admin.statuses.${status}`)}
    </Badge>
  );
}

/** Gain or Loss once settled; "Not settled" before. */
export function SignalResultBadge({ result }: { result: TSignal['result'] }) {
  const { t } = useTranslation('signals');
  if (!result) return <Badge>{t('admin.results.none')}</Badge>;
  return <Badge tone={RESULT_TONES[result]}>{t(`admin.results.${result}`)}</Badge>;
}
