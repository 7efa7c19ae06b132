import { useTranslation } from 'react-i18next';
import { MethodGrid } from '@/components/money/method-grid';
import { useDepositMethods } from '@/features/deposits/api/get-deposit-methods';

/** /user/depositmethod: the Deposit Methods grid. */
export function DepositMethodsPage() {
  const { t } = useTranslation('deposits');
  const methods = useDepositMethods();
  return (
    <div className="mx-auto max-w-6xl">
      <MethodGrid
        kind="deposit"
        title={t('deposit.methodsTitle')}
        subtitle={t('deposit.methodsSubtitle')}
        methods={methods.data}
        isPending={methods.isPending}
        isError={methods.isError}
        isFetching={methods.isFetching}
        onRetry={() => methods.refetch()}
        emptyText={t('deposit.empty')}
        emptyHint={t('deposit.emptyHint')}
        errorText={t('deposit.error')}
        hrefFor={(method) => `/user/depositmethod/${method.id}`}
        actionFor={(method) => t('deposit.depositWith', { method: method.name })}
      />
    </div>
  );
}

export { DepositMethodsPage as Component };
