import { type TPayout, ZRejectPayoutInput } from '@meridian/contracts/payouts';
import { shortId } from '@meridian/contracts/transaction-terms';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/reason-dialog';
import { Money } from '@/components/ui/money';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { messageKey } from '@/i18n';
import { toast } from '@/lib/toast';
import { useRejectPayout } from '../api/reject-payout';

/** Reject a pending payout: the reason is required ('Please provide a reason for rejection') and shown to the client. */
export function RejectPayoutDialog({ trade, onClose }: { trade: TPayout; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const errorText = useApiErrorText();
  const reject = useRejectPayout(trade);
  const rejected = t(messageKey('investments.tradeRejected'));
  return (
    <ReasonDialog
      title={t('rejectTitle', { id: shortId(trade.id) })}
      description={t('rejectDescription')}
      schema={ZRejectPayoutInput}
      label={t('reason')}
      placeholder={t('reasonPlaceholder')}
      submitLabel={t('rejectSubmit')}
      testId="reject-trade"
      mutation={reject}
      send={reject.mutateAsync}
      onSuccess={() => toast.success(rejected)}
      // 'Failed to reject trade', or the server's words when it gave a reason.
      failedText={(err) => errorText(err, t('rejectFailed'))}
      doneText={rejected}
      onClose={onClose}
      intro={
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-surface-2 px-4 py-3 text-sm">
          <div>
            <dt className="text-muted">{t('columns.plan')}</dt>
            <dd className="break-words font-medium text-fg">{trade.planName}</dd>
          </div>
          <div className="text-right">
            <dt className="text-muted">{t('columns.profit')}</dt>
            <dd className="font-medium text-fg">
              <Money amount={trade.amount} />
            </dd>
          </div>
        </dl>
      }
    />
  );
}
