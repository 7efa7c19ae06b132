import { KYC_REDIRECT_DELAY_MS } from '@meridian/contracts/kyc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useSession } from '@/lib/session';
import { useKycStatus } from '../api/get-kyc-status';
import { KycGuidelines } from './kyc-guidelines';
import { KycSubmitForm } from './kyc-submit-form';

/** /user/kyc/submit: the guidelines and the form; a pending or approved KYC points to the status instead. */
export function KycSubmitPage() {
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  const current = useSession();
  const user = current?.user;
  const status = useKycStatus(user?.id ?? '');
  const [submitted, setSubmitted] = useState(false);

  useAfterDelay(submitted, KYC_REDIRECT_DELAY_MS, () => navigate('/user/kyc/status'));
  if (!user) return null;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-fg">{t('submit.title')}</h1>
        <p className="mt-1 text-sm text-muted">{t('submit.subtitle')}</p>
      </header>
      <KycGuidelines />
      <QueryView query={status} loading={<SkeletonList rows={4} />} errorTitle={t('detailsFailed')}>
        {(answer) => {
          const blocked = !submitted && (answer.status === 'pending' || answer.status === 'approved');
          if (blocked) {
            return (
              <Alert tone={answer.status === 'approved' ? 'success' : 'info'}>
                <p>{t(answer.status === 'approved' ? 'submit.alreadyApproved' : 'submit.alreadyPending')}</p>
                <Link to="/user/kyc/status" className="mt-2 inline-block font-semibold underline underline-offset-4">
                  {t('submit.viewStatus')}
                </Link>
              </Alert>
            );
          }
          return (
            <Card title={t('submit.formTitle')}>
              {answer.status === 'rejected' && answer.submission?.adminNotes ? (
                <Alert tone="danger" className="mb-5">
                  {t('status.rejectedReason', { reason: answer.submission.adminNotes })}
                </Alert>
              ) : null}
              <KycSubmitForm
                userId={user.id}
                defaults={{
                  fullName: `${user.firstname} ${user.lastname}`.trim(),
                  country: user.country,
                  address: user.address,
                }}
                onSubmitted={() => setSubmitted(true)}
              />
            </Card>
          );
        }}
      </QueryView>
    </div>
  );
}
