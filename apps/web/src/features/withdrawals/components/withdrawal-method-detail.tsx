import type { TWithdrawalMethod } from '@meridian/contracts/methods';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/money/back-link';
import { MethodHeader } from '@/components/money/method-header';
import { Button } from '@/components/ui/button';
import { DetailPage } from '@/components/ui/detail-page';
import { Money } from '@/components/ui/money';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { useWithdrawalMethod } from '../api/get-withdrawal-method';
import { WithdrawalDialog } from './withdrawal-dialog';
import { WithdrawalsDisabledNotice } from './withdrawals-disabled-notice';

/** /user/withdrawalmethod/{id}: name, min and max in USD, the description, Proceed and a back link. */
export function WithdrawalMethodDetail({
  methodId,
  userId,
  withdrawalEnabled,
}: {
  methodId: string;
  userId: string;
  withdrawalEnabled: boolean;
}) {
  const { t } = useTranslation(['withdrawals', 'common']);
  const query = useWithdrawalMethod(methodId);
  return (
    <DetailPage
      width="sm"
      back={<BackLink to="/user/withdrawalmethod">{t('withdrawals:withdrawal.back')}</BackLink>}
      query={query}
      loading={
        <LoadingStatus className="space-y-4" data-testid="loading">
          <Skeleton className="h-16 w-2/3" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </LoadingStatus>
      }
      errorTitle={t('withdrawals:withdrawal.detailError')}
      errorDescription={() => null}
    >
      {(data) => <MethodBody method={data} userId={userId} withdrawalEnabled={withdrawalEnabled} />}
    </DetailPage>
  );
}

function MethodBody({
  method,
  userId,
  withdrawalEnabled,
}: {
  method: TWithdrawalMethod;
  userId: string;
  withdrawalEnabled: boolean;
}) {
  const { t } = useTranslation('withdrawals');
  const [open, setOpen] = useState(false);
  const disabledId = useId();
  return (
    <>
      <MethodHeader name={method.name} kind="withdrawal" />
      {!withdrawalEnabled && <WithdrawalsDisabledNotice id={disabledId} />}

      <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-muted">{t('withdrawal.minimum')}</dt>
            <dd className="mt-1 text-lg font-semibold text-fg">
              <Money amount={method.minAmount} /> <span className="text-xs font-normal text-muted">USD</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t('withdrawal.maximum')}</dt>
            <dd className="mt-1 text-lg font-semibold text-fg">
              <Money amount={method.maxAmount} /> <span className="text-xs font-normal text-muted">USD</span>
            </dd>
          </div>
        </dl>
        {method.description && (
          <div className="mt-5 border-t border-border pt-5">
            <h2 className="text-sm font-semibold text-fg">{t('withdrawal.about')}</h2>
            <p className="mt-1 whitespace-pre-line text-sm text-muted">{method.description}</p>
          </div>
        )}
      </section>

      {/* Nothing to proceed to while withdrawals are off; the notice above says why. */}
      <Button
        size="lg"
        className="w-full sm:w-auto"
        onClick={() => setOpen(true)}
        disabled={!withdrawalEnabled}
        aria-describedby={withdrawalEnabled ? undefined : disabledId}
        data-testid="withdrawal-proceed"
      >
        {t('withdrawal.proceed')}
      </Button>
      <WithdrawalDialog
        method={method}
        userId={userId}
        withdrawalEnabled={withdrawalEnabled}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
