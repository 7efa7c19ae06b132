import { type TTrade, ZRejectTradeInput } from '@meridian/contracts/payouts';
import { shortId } from '@meridian/contracts/transactions';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ReasonDialog } from '@/components/reason-dialog';
import { Money } from '@/components/ui/money';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { messageKey } from '@/i18n';
import { useRejectTrade } from '../api/reject-trade';

/** Reject a pending payout: the reason is required ('Please provide a reason for rejection') and shown to the client. */
export function RejectTradeDialog({ trade, onClose }: { trade: TTrade; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const errorText = useApiErrorText();
  const reject = useRejectTrade(trade);
  const rejected = t(messageKey('investments.tradeRejected'));
  return (
    <ReasonDialog
      title={t('trades.rejectTitle', { id: shortId(trade.id) })}
      description={t('trades.rejectDescription')}
      schema={ZRejectTradeInput}
      label={t('trades.reason')}
      placeholder={t('trades.reasonPlaceholder')}
      submitLabel={t('trades.rejectSubmit')}
      testId="reject-trade"
      mutation={reject}
      send={reject.mutateAsync}
      onSuccess={() => toast.success(rejected)}
      // 'Failed to reject trade', or the server's words when it gave a reason.
      failedText={(err) => errorText(err, t('trades.rejectFailed'))}
      doneText={rejected}
      onClose={onClose}
      intro={
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-surface-2 px-4 py-3 text-sm">
          <div>
            <dt className="text-muted">{t('trades.columns.plan')}</dt>
            <dd className="break-words font-medium text-fg">{trade.planName}</dd>
          </div>
          <div className="text-right">
            <dt className="text-muted">{t('trades.columns.profit')}</dt>
            <dd className="font-medium text-fg">
              <Money amount={trade.amount} />
            </dd>
          </div>
        </dl>
      }
    />
  );
}
