import { BookUser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFreshClient } from '@/api/client';
import { useWithdrawalMethods } from '@/api/withdrawal-methods';
import { MethodGrid } from '@/components/money/method-grid';
import { WithdrawalsDisabledNotice } from '@/features/withdrawals/components/withdrawals-disabled-notice';
import { useSession } from '@/lib/session';

/** /user/withdrawalmethod: the Withdrawal Methods grid. */
export function WithdrawalMethodsPage() {
  const { t } = useTranslation(['withdrawals', 'address-book']);
  const methods = useWithdrawalMethods();
  const current = useSession();
  // Whether withdrawals are enabled is the admin's call; read it fresh.
  useFreshClient(current?.user.id ?? '');
  return (
    <div className="mx-auto max-w-6xl">
      {current && !current.user.withdrawalEnabled && <WithdrawalsDisabledNotice />}
      {/* Withdrawals go to saved addresses (docs/security.md, "Withdrawal address book"). */}
      <div className="mb-4 flex justify-end">
        <Link
          to="/user/withdrawal-addresses"
          className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
          title={t('address-book:book.manageHint')}
        >
          <BookUser className="h-4 w-4" aria-hidden="true" />
          {t('address-book:book.manage')}
        </Link>
      </div>
      <MethodGrid
        kind="withdrawal"
        title={t('withdrawals:withdrawal.methodsTitle')}
        subtitle={t('withdrawals:withdrawal.methodsSubtitle')}
        methods={methods.data}
        isPending={methods.isPending}
        isError={methods.isError}
        isFetching={methods.isFetching}
        onRetry={() => methods.refetch()}
        emptyText={t('withdrawals:withdrawal.empty')}
        emptyHint={t('withdrawals:withdrawal.emptyHint')}
        errorText={t('withdrawals:withdrawal.error')}
        hrefFor={(method) => `/user/withdrawalmethod/${method.id}`}
        actionFor={(method) => t('withdrawals:withdrawal.withdrawVia', { method: method.name })}
      />
    </div>
  );
}

export { WithdrawalMethodsPage as Component };
