import { type TUpgradeRequest, ZUpgradeRejectInput } from '@meridian/contracts/investments';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useRejectUpgrade } from '../api/reject-upgrade';

/** The reason the client reads ('Please provide a reason for rejection'); the client comes from the request. */
const ZReason = ZUpgradeRejectInput.pick({ reason: true });

/** Reject: a reason is required and sent to the client; their plan stays as it is. */
export function RejectUpgradeDialog({ request, onClose }: { request: TUpgradeRequest; onClose: () => void }) {
  const { t } = useTranslation('upgrades');
  const errorText = useApiErrorText();
  const reject = useRejectUpgrade(request.user.id);
  const rejected = t(messageKey('investments.upgradeRejected'));
  const name = `${request.user.firstname} ${request.user.lastname}`.trim();
  return (
    <ReasonDialog
      title={t('rejectTitle', { name })}
      description={t('rejectDescription', { plan: request.requestedPlan.name })}
      schema={ZReason}
      label={t('reason')}
      placeholder={t('reasonPlaceholder')}
      submitLabel={t('reject')}
      testId="reject-upgrade"
      mutation={reject}
      send={({ reason }) => reject.mutateAsync(reason)}
      onSuccess={() => toast.success(rejected)}
      failedText={(err) => errorText(err, t('rejectFailed'))}
      doneText={rejected}
      onClose={onClose}
    />
  );
}
