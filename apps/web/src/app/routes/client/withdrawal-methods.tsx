import { useTranslation } from 'react-i18next';
import { useWithdrawalMethods } from '@/features/wallet/api/get-withdrawal-methods';
import { MethodGrid } from '@/features/wallet/components/method-grid';

/** /user/withdrawalmethod: the Withdrawal Methods grid. */
export function WithdrawalMethodsPage() {
  const { t } = useTranslation('wallet');
  const methods = useWithdrawalMethods();
  return (
    <div className="mx-auto max-w-6xl">
      <MethodGrid
        kind="withdrawal"
        title={t('withdrawal.methodsTitle')}
        subtitle={t('withdrawal.methodsSubtitle')}
        methods={methods.data}
        isPending={methods.isPending}
        isError={methods.isError}
        isFetching={methods.isFetching}
        onRetry={() => methods.refetch()}
        emptyText={t('withdrawal.empty')}
        emptyHint={t('withdrawal.emptyHint')}
        errorText={t('withdrawal.error')}
        hrefFor={(method) => `/user/withdrawalmethod/${method.id}`}
        actionFor={(method) => t('withdrawal.withdrawVia', { method: method.name })}
      />
    </div>
  );
}

export { WithdrawalMethodsPage as Component };
