import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ResetPasswordForm } from '@/features/recovery/components/reset-password-form';
import { RecoveryCard } from './recovery-card';

/** /reset-password?token=…: the emailed single-use link. */
export function Component() {
  const { t } = useTranslation('recovery');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <RecoveryCard title={t('reset.title')} subtitle={t('reset.subtitle')} icon={LockKeyhole}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert tone="warning" className="space-y-2">
          <p className="font-medium">{t('reset.noTokenTitle')}</p>
          <p>{t('reset.noTokenBody')}</p>
          <Link to="/forgotpassword" className="font-medium text-primary hover:underline">
            {t('forgotLink')}
          </Link>
        </Alert>
      )}
    </RecoveryCard>
  );
}
