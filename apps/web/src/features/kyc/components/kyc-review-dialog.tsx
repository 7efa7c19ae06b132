import { KYC_NOTES_MAX, type TKyc, ZKycRejectInput } from '@meridian/contracts/kyc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ReasonDialog } from '@/components/reason-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DetailItem } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useCountryName } from '@/hooks/use-country-name';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { formatCalendarDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useApproveKyc } from '../api/approve-kyc';
import { useKyc } from '../api/get-kyc';
import { useRejectKyc } from '../api/reject-kyc';
import { KycImage } from './kyc-image';
import { KycStatusBadge } from './kyc-status-badge';

/** Reject asks for the reason the client reads (the contract's rule for the rejection notes). */
const ZRejectReason = z.strictObject({ reason: ZKycRejectInput.shape.notes });

/**
 * KYC review dialog: every field, both images, and for a pending submission Approve (optional
 * notes) and Reject, which asks for its reason in a reason dialog like every other rejection. A
 * decided one is shown read-only.
 */
export function KycReviewDialog({ kyc, onClose }: { kyc: TKyc; onClose: () => void }) {
  const { t, i18n } = useTranslation('kyc');
  const format = useLocaleFormat();
  const countryName = useCountryName();
  const errorText = useApiErrorText();
  const query = useKyc(kyc.id, kyc);
  const current = query.data ?? kyc;
  const approve = useApproveKyc(kyc.id, kyc.userId);
  const reject = useRejectKyc(kyc.id, kyc.userId);
  const [notes, setNotes] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = approve.isPending || reject.isPending;

  const onApprove = async () => {
    if (busy) return;
    setFailure(null);
    try {
      await approve.mutateAsync(notes.trim() ? { notes: notes.trim() } : {});
      toast.success(t('approved'));
      onClose();
    } catch (err) {
      setFailure(errorText(err, t('approveFailed')));
    }
  };

  const user = `${current.user.firstname} ${current.user.lastname}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t('review.dialogTitle', { name: user })}
      className="max-w-3xl"
    >
      <div className="space-y-5" data-testid="kyc-review-dialog">
        {query.isError ? <Alert tone="danger">{t('detailsFailed')}</Alert> : null}
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        <dl className="grid gap-4 sm:grid-cols-2">
          <DetailItem label={t('fields.user')}>
            <span className="block">{user}</span>
            <span className="block break-all text-muted">{current.user.email}</span>
          </DetailItem>
          <DetailItem label={t('fields.status')}>
            <KycStatusBadge status={current.status} />
          </DetailItem>
          <DetailItem label={t('fields.documentType')}>{t(`documentTypes.${current.documentType}`)}</DetailItem>
          <DetailItem label={t('fields.documentNumber')}>
            <span className="break-all font-mono">{current.documentNumber}</span>
          </DetailItem>
          <DetailItem label={t('fields.fullName')}>{current.fullName}</DetailItem>
          <DetailItem label={t('fields.dateOfBirth')}>
            <time dateTime={current.dateOfBirth}>
              {formatCalendarDate(current.dateOfBirth, i18n.resolvedLanguage ?? 'en')}
            </time>
          </DetailItem>
          <DetailItem label={t('fields.country')}>{countryName(current.country)}</DetailItem>
          <DetailItem label={t('fields.address')}>
            <span className="break-words">{current.address}</span>
          </DetailItem>
          <DetailItem label={t('fields.submittedAt')}>
            <time dateTime={current.submittedAt}>{format.dateTime(current.submittedAt)}</time>
          </DetailItem>
          {current.reviewedBy ? (
            <DetailItem label={t('fields.reviewedBy')}>
              {`${current.reviewedBy.firstname} ${current.reviewedBy.lastname}`}
            </DetailItem>
          ) : null}
          {current.reviewedAt ? (
            <DetailItem label={t('fields.reviewedAt')}>
              <time dateTime={current.reviewedAt}>{format.dateTime(current.reviewedAt)}</time>
            </DetailItem>
          ) : null}
          {current.adminNotes ? (
            <DetailItem label={t('fields.adminNotes')} wide>
              <span className="whitespace-pre-wrap break-words">{current.adminNotes}</span>
            </DetailItem>
          ) : null}
        </dl>
        <div className="grid gap-4 sm:grid-cols-2">
          <figure className="space-y-1.5">
            <figcaption className="text-xs font-medium uppercase tracking-wide text-muted">
              {t('fields.documentImage')}
            </figcaption>
            <KycImage kycId={current.id} which="document" label={t('fields.documentImage')} />
          </figure>
          <figure className="space-y-1.5">
            <figcaption className="text-xs font-medium uppercase tracking-wide text-muted">
              {t('fields.selfieImage')}
            </figcaption>
            <KycImage kycId={current.id} which="selfie" label={t('fields.selfieImage')} />
          </figure>
        </div>
        {current.status === 'pending' ? (
          <div className="space-y-4 border-t border-border pt-5">
            <TextAreaField
              label={t('review.notes')}
              hint={t('review.notesHint')}
              rows={3}
              maxLength={KYC_NOTES_MAX}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="danger" onClick={() => setRejecting(true)} disabled={busy}>
                {t('review.reject')}
              </Button>
              <Button onClick={onApprove} loading={approve.isPending} disabled={busy}>
                {t('review.approve')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      {rejecting && (
        <ReasonDialog
          title={t('review.rejectTitle', { name: user })}
          description={t('review.rejectDescription')}
          schema={ZRejectReason}
          label={t('review.rejectReason')}
          placeholder={t('review.rejectPlaceholder')}
          submitLabel={t('review.reject')}
          testId="kyc-reject"
          mutation={reject}
          send={({ reason }) => reject.mutateAsync({ notes: reason.trim() })}
          failedText={(err) => errorText(err, t('rejectFailed'))}
          onSuccess={() => {
            toast.success(t('rejected'));
            onClose();
          }}
          onClose={() => setRejecting(false)}
          closeAfterMs={0}
          toastFailure={false}
        />
      )}
    </Dialog>
  );
}
