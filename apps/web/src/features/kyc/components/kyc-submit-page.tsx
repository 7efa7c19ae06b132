import { KYC_REDIRECT_DELAY_MS } from '@meridian/contracts/kyc';
import { verificationState } from '@meridian/contracts/verification';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFreshClient } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useAfterDelay } from '@/hooks/use-after-delay';
import { useSession } from '@/lib/session';
import { useKycStatus } from '../api/get-kyc-status';
import { KycGuidelines } from './kyc-guidelines';
import { KycSubmitForm } from './kyc-submit-form';

/**
 * /user/kyc/submit: the guidelines and the form, when the verification rule lets the client submit
 * (contracts/verification); otherwise (under review, or verified) a pointer to the status. A
 * resubmission starts from the previous answers and images, under the rejection reason.
 */
export function KycSubmitPage() {
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  const current = useSession();
  const user = current?.user;
  const status = useKycStatus(user?.id ?? '');
  // An admin's Verify or Unverify since sign-in decides whether the form is offered.
  useFreshClient(user?.id ?? '');
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
          const state = verificationState({ isVerified: user.isVerified, kycStatus: answer.status });
          if (!submitted && !state.maySubmit) {
            return (
              <Alert tone={state.verified ? 'success' : 'info'}>
                <p>{t(state.verified ? 'submit.alreadyApproved' : 'submit.alreadyPending')}</p>
                <Link to="/user/kyc/status" className="mt-2 inline-block font-semibold underline underline-offset-4">
                  {t('submit.viewStatus')}
                </Link>
              </Alert>
            );
          }
          const previous = answer.submission;
          return (
            <Card title={t('submit.formTitle')}>
              {state.missing === 'resubmit' && previous?.adminNotes ? (
                <Alert tone="danger" className="mb-5">
                  {t('status.rejectedReason', { reason: previous.adminNotes })}
                </Alert>
              ) : null}
              {previous ? (
                <Alert tone="info" className="mb-5">
                  {t('submit.prefilled')}
                </Alert>
              ) : null}
              <KycSubmitForm
                userId={user.id}
                defaults={
                  previous
                    ? {
                        documentType: previous.documentType,
                        documentNumber: previous.documentNumber,
                        fullName: previous.fullName,
                        dateOfBirth: previous.dateOfBirth,
                        country: previous.country,
                        address: previous.address,
                      }
                    : {
                        fullName: `${user.firstname} ${user.lastname}`.trim(),
                        country: user.country,
                        address: user.address,
                      }
                }
                previousKycId={previous?.id}
                onSubmitted={() => setSubmitted(true)}
              />
            </Card>
          );
        }}
      </QueryView>
    </div>
  );
}
