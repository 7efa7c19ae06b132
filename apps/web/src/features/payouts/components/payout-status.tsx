import type { TPayoutStatus } from '@meridian/contracts/payouts';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeTone } from '@/components/ui/badge';

const TONES: Record<TPayoutStatus, TBadgeTone> = { Pending: 'warning', Completed: 'success', Rejected: 'danger' };

/** A payout's status: Pending (not paid yet), Completed (paid) or Rejected, in words and colour. */
export function PayoutStatus({ status }: { status: TPayoutStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <Badge tone={TONES[status]} className="gap-1.5">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {t(`statuses.${status}`)}
    </Badge>
  );
}
