import { getPayoutTx, recordPayoutTx } from '@meridian/contracts/endpoints/chain-payouts';
import type { TTransaction } from '@meridian/contracts/transactions';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DetailItem } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/hooks/use-can';
import { useWithdrawalPayout } from '../api/withdrawal-payout';
import { RecordPayoutTxDialog } from './record-payout-tx-dialog';
import { WithdrawalPayout } from './withdrawal-payout';

/**
 * The admin withdrawal page's payout on chain (docs/money.md, "Withdrawals paid on chain"): on a
 * watched method, the recorded transaction as it confirms, and "Record payout transaction" while the
 * withdrawal is pending (or replacing one that failed). Nothing on a method that is not watched.
 */
export function WithdrawalPayoutAdmin({ record }: { record: TTransaction }) {
  const { t } = useTranslation('transactions');
  const canRead = useCan(getPayoutTx.permission);
  const canRecord = useCan(recordPayoutTx.permission);
  const [recording, setRecording] = useState(false);
  const query = useWithdrawalPayout(record.id, canRead);
  if (!canRead) return null;
  if (query.isPending) {
    return (
      <DetailItem label={t('chainPayout.title')}>
        <Skeleton className="h-5 w-40" />
      </DetailItem>
    );
  }
  if (query.isError) {
    return (
      <DetailItem label={t('chainPayout.title')}>
        <span className="text-sm text-danger" role="alert">
          {t('chainPayout.loadError')}
        </span>
      </DetailItem>
    );
  }
  const { watched, payout } = query.data;
  if (!watched && !payout) return null;
  const open = record.status === 'Pending' && watched && canRecord;
  return (
    <DetailItem label={t('chainPayout.title')}>
      <div className="flex flex-col items-start gap-2">
        {payout ? (
          <WithdrawalPayout payout={payout} staff />
        ) : (
          <span className="text-sm text-muted" data-testid="payout-tx-missing">
            {t('chainPayout.notRecorded')}
          </span>
        )}
        {open && (
          <Button variant="outline" size="sm" onClick={() => setRecording(true)} data-testid="payout-tx-record">
            <Link2 className="h-4 w-4" aria-hidden="true" />
            {t(payout ? 'chainPayout.replace' : 'chainPayout.record')}
          </Button>
        )}
      </div>
      {recording && (
        <RecordPayoutTxDialog record={record} current={payout?.txHash ?? null} onClose={() => setRecording(false)} />
      )}
    </DetailItem>
  );
}
