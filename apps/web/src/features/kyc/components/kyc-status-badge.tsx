import type { TKycStatus } from '@meridian/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeTone } from '@/components/ui/badge';

const TONES: Record<TKycStatus, TBadgeTone> = {
  'not submitted': 'neutral',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** A KYC status in its colour, with the spec's label (Under Review, Verified …). */
export function KycStatusBadge({ status }: { status: TKycStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <Badge tone={TONES[status]} className="gap-1.5">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {t(`statusLabels.${status}`)}
    </Badge>
  );
}
