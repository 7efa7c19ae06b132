import type { TKycStatus } from '@meridian/contracts/constants';
import { type TVerificationMissing, verificationState } from '@meridian/contracts/verification';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';

/** For each missing step: what the banner says, its link's words and where the link goes. */
const STEPS = {
  submit: { text: 'banner.submit', action: 'banner.submitAction', to: '/user/kyc/submit' },
  review: { text: 'banner.review', action: 'banner.reviewAction', to: '/user/kyc/status' },
  resubmit: { text: 'banner.resubmit', action: 'banner.resubmitAction', to: '/user/kyc/submit' },
  withdrawn: { text: 'banner.withdrawn', action: 'banner.resubmitAction', to: '/user/kyc/submit' },
} as const satisfies Record<TVerificationMissing, { text: string; action: string; to: string }>;

/**
 * The dashboard's KYC banner: shown while the account is not verified (contracts/verification, the
 * same rule as the profile badge and the sidebar dot), saying which step is missing and linking to
 * the page that takes it. Nothing once the account is verified.
 */
export function KycStatusBanner({ account }: { account: { isVerified: boolean; kycStatus: TKycStatus } }) {
  const { t } = useTranslation('kyc');
  const { missing } = verificationState(account);
  if (!missing) return null;
  const step = STEPS[missing];
  return (
    <div data-testid="kyc-banner" data-missing={missing}>
      <Alert tone="warning" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ShieldAlert className="hidden h-5 w-5 shrink-0 sm:block" aria-hidden="true" />
        <p className="flex-1">{t(step.text)}</p>
        <Link
          to={step.to}
          className="shrink-0 rounded-md font-semibold underline underline-offset-4 hover:no-underline"
        >
          {t(step.action)}
        </Link>
      </Alert>
    </div>
  );
}
