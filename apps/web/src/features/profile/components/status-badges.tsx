import { BadgeCheck, CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('profile');
  return isActive ? (
    <Badge tone="success" icon={<CircleCheck className="h-3 w-3" aria-hidden="true" />}>
      {t('active')}
    </Badge>
  ) : (
    <Badge tone="danger" icon={<CircleX className="h-3 w-3" aria-hidden="true" />}>
      {t('inactive')}
    </Badge>
  );
}

/** Verified or Unverified, as the one rule says (`verificationState(user).verified`, contracts/verification). */
export function VerifiedBadge({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation('profile');
  return isVerified ? (
    <Badge tone="success" icon={<BadgeCheck className="h-3 w-3" aria-hidden="true" />}>
      {t('verified')}
    </Badge>
  ) : (
    <Badge tone="warning" icon={<CircleAlert className="h-3 w-3" aria-hidden="true" />}>
      {t('unverified')}
    </Badge>
  );
}
