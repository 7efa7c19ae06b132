import type { TKycStatus } from '@meridian/contracts/constants';
import {
  type TVerificationMissing,
  type TVerificationState,
  verificationState,
} from '@meridian/contracts/verification';
import { type LucideIcon, ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFreshClient } from '@/api/client';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { DetailItem } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useKycStatus } from '../api/get-kyc-status';
import { useSessionKycSync } from '../hooks/use-session-kyc-sync';

/** How the page looks at each stage of verification (contracts/verification). */
type TStage = 'verified' | TVerificationMissing;

const LOOK: Record<TStage, { icon: LucideIcon; tone: string; badge: TBadgeTone; label: string }> = {
  verified: {
    icon: ShieldCheck,
    tone: 'bg-success-soft text-success',
    badge: 'success',
    label: 'statusLabels.approved',
  },
  submit: {
    icon: ShieldQuestion,
    tone: 'bg-surface-2 text-muted',
    badge: 'neutral',
    label: 'statusLabels.not submitted',
  },
  review: { icon: ShieldAlert, tone: 'bg-warning-soft text-warning', badge: 'warning', label: 'statusLabels.pending' },
  resubmit: { icon: ShieldX, tone: 'bg-danger-soft text-danger', badge: 'danger', label: 'statusLabels.rejected' },
  withdrawn: { icon: ShieldX, tone: 'bg-danger-soft text-danger', badge: 'danger', label: 'status.withdrawnLabel' },
};

/** The description under the heading: the spec's words, or ours for the two stages it does not name. */
function descriptionKey(state: TVerificationState, status: TKycStatus): string {
  if (state.verifiedBy === 'admin') return 'status.verifiedByTeam';
  if (state.missing === 'withdrawn') return 'banner.withdrawn';
  return `statusDescriptions.${status}`;
}

/**
 * /user/kyc/status: where the client's verification stands, by the same rule as the dashboard
 * banner, the profile badge and the sidebar dot (the spec's four labels, plus "verified by our
 * team" and "verification withdrawn"), the latest submission and what to do next.
 */
export function KycStatusPage() {
  const { t } = useTranslation('kyc');
  const format = useLocaleFormat();
  const user = useSession()?.user;
  const userId = user?.id ?? '';
  const query = useKycStatus(userId);
  useSessionKycSync(userId, query.data?.status);
  // An admin's Verify or Unverify changes the account, not the documents: read the account again too.
  useFreshClient(userId);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-fg">{t('status.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('status.subtitle')}</p>
      </header>
      <QueryView query={query} loading={<SkeletonList rows={3} />} errorTitle={t('detailsFailed')}>
        {({ status, submission }) => {
          const state = verificationState({ isVerified: user?.isVerified ?? false, kycStatus: status });
          const look = LOOK[state.missing ?? 'verified'];
          const Icon = look.icon;
          return (
            <section
              className="space-y-5 rounded-2xl border border-border bg-surface p-6"
              data-testid="kyc-status"
              data-stage={state.missing ?? 'verified'}
              aria-labelledby="kyc-status-title"
            >
              <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
                <span className={cn('flex h-14 w-14 shrink-0 items-center justify-center rounded-full', look.tone)}>
                  <Icon className="h-7 w-7" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 id="kyc-status-title" className="text-lg font-semibold text-fg">
                      {t(look.label)}
                    </h2>
                    <Badge tone={look.badge} className="gap-1.5">
                      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
                      {t(look.label)}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted">{t(descriptionKey(state, status))}</p>
                </div>
              </div>
              {state.missing === 'resubmit' && submission?.adminNotes ? (
                <p className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger">
                  {t('status.rejectedReason', { reason: submission.adminNotes })}
                </p>
              ) : null}
              {submission ? (
                <dl className="grid gap-4 border-t border-border pt-5 sm:grid-cols-3">
                  <DetailItem label={t('fields.documentType')}>
                    {t(`documentTypes.${submission.documentType}`)}
                  </DetailItem>
                  <DetailItem label={t('fields.submittedAt')}>
                    <time dateTime={submission.submittedAt}>{format.dateTime(submission.submittedAt)}</time>
                  </DetailItem>
                  {submission.reviewedAt ? (
                    <DetailItem label={t('fields.reviewedAt')}>
                      <time dateTime={submission.reviewedAt}>{format.dateTime(submission.reviewedAt)}</time>
                    </DetailItem>
                  ) : null}
                </dl>
              ) : null}
              {state.maySubmit ? (
                <ButtonLink to="/user/kyc/submit">
                  {t(status === 'rejected' ? 'status.resubmit' : 'status.submitNow')}
                </ButtonLink>
              ) : null}
            </section>
          );
        }}
      </QueryView>
    </div>
  );
}
