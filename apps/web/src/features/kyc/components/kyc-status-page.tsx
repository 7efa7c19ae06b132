import type { TKycStatus } from '@meridian/contracts/constants';
import { type LucideIcon, ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DetailItem } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useKycStatus } from '../api/get-kyc-status';
import { useSessionKycSync } from '../hooks/use-session-kyc-sync';
import { KycStatusBadge } from './kyc-status-badge';

const LOOK: Record<TKycStatus, { icon: LucideIcon; tone: string }> = {
  'not submitted': { icon: ShieldQuestion, tone: 'bg-surface-2 text-muted' },
  pending: { icon: ShieldAlert, tone: 'bg-warning-soft text-warning' },
  approved: { icon: ShieldCheck, tone: 'bg-success-soft text-success' },
  rejected: { icon: ShieldX, tone: 'bg-danger-soft text-danger' },
};

/** /user/kyc/status: the four states with the spec's labels, the latest submission and what to do next. */
export function KycStatusPage() {
  const { t } = useTranslation('kyc');
  const format = useLocaleFormat();
  const userId = useSession()?.user.id ?? '';
  const query = useKycStatus(userId);
  useSessionKycSync(userId, query.data?.status);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-fg">{t('status.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('status.subtitle')}</p>
      </header>
      <QueryView query={query} loading={<SkeletonList rows={3} />} errorTitle={t('detailsFailed')}>
        {({ status, submission }) => {
          const { icon: Icon, tone } = LOOK[status];
          return (
            <section
              className="space-y-5 rounded-2xl border border-border bg-surface p-6"
              data-testid="kyc-status"
              aria-labelledby="kyc-status-title"
            >
              <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
                <span className={cn('flex h-14 w-14 shrink-0 items-center justify-center rounded-full', tone)}>
                  <Icon className="h-7 w-7" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 id="kyc-status-title" className="text-lg font-semibold text-fg">
                      {t(`statusLabels.${status}`)}
                    </h2>
                    <KycStatusBadge status={status} />
                  </div>
                  <p className="text-sm text-muted">{t(`statusDescriptions.${status}`)}</p>
                </div>
              </div>
              {status === 'rejected' && submission?.adminNotes ? (
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
              {status === 'not submitted' || status === 'rejected' ? (
                <Button asChild>
                  <Link to="/user/kyc/submit">{t(status === 'rejected' ? 'status.resubmit' : 'status.submitNow')}</Link>
                </Button>
              ) : null}
            </section>
          );
        }}
      </QueryView>
    </div>
  );
}
