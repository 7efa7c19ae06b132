import { BookUser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWithdrawalMethods } from '@/api/withdrawal-methods';
import { MethodGrid } from '@/components/money/method-grid';

/** /user/withdrawalmethod: the Withdrawal Methods grid. */
export function WithdrawalMethodsPage() {
  const { t } = useTranslation(['wallet', 'withdrawals']);
  const methods = useWithdrawalMethods();
  return (
    <div className="mx-auto max-w-6xl">
      {/* Withdrawals go to saved addresses (docs/security.md, "Withdrawal address book"). */}
      <div className="mb-4 flex justify-end">
        <Link
          to="/user/withdrawal-addresses"
          className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
          title={t('withdrawals:book.manageHint')}
        >
          <BookUser className="h-4 w-4" aria-hidden="true" />
          {t('withdrawals:book.manage')}
        </Link>
      </div>
      <MethodGrid
        kind="withdrawal"
        title={t('wallet:withdrawal.methodsTitle')}
        subtitle={t('wallet:withdrawal.methodsSubtitle')}
        methods={methods.data}
        isPending={methods.isPending}
        isError={methods.isError}
        isFetching={methods.isFetching}
        onRetry={() => methods.refetch()}
        emptyText={t('wallet:withdrawal.empty')}
        emptyHint={t('wallet:withdrawal.emptyHint')}
        errorText={t('wallet:withdrawal.error')}
        hrefFor={(method) => `/user/withdrawalmethod/${method.id}`}
        actionFor={(method) => t('wallet:withdrawal.withdrawVia', { method: method.name })}
      />
    </div>
  );
}

export { WithdrawalMethodsPage as Component };
