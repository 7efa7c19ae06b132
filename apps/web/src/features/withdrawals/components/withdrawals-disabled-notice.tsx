import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

/**
 * Said on the withdrawal pages themselves when the admin has turned a client's withdrawals off, so
 * the client learns it before choosing a method, not inside the dialog at its end.
 */
export function WithdrawalsDisabledNotice({ id }: { id?: string }) {
  const { t } = useTranslation('errors');
  return (
    <Alert tone="warning" className="mb-4">
      <span id={id} data-testid="withdrawals-disabled">
        {t('withdrawalsDisabled')}
      </span>
    </Alert>
  );
}
