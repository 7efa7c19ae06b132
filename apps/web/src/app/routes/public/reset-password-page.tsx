import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { ResetPasswordForm } from '@/features/recovery/components/reset-password-form';
import { AuthCard } from './auth-card';

/** /reset-password?token=…: the emailed single-use link. */
export function Component() {
  const { t } = useTranslation('recovery');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      icon={<LockKeyhole className="h-8 w-8 text-primary" aria-hidden="true" />}
    >
      <div className="space-y-6">
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
        <AuthSwitch prompt={t('forgot.remembered')} action={t('forgot.backToLogin')} to="/auth/user/login" />
      </div>
    </AuthCard>
  );
}
