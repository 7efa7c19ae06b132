import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { RecoverySteps } from '@/features/recovery/components/recovery-steps';
import { AuthCard } from './auth-card';

/** /forgotpassword: request (email + photo), then the temporary code signs in. */
export function Component() {
  const { t } = useTranslation('recovery');
  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      icon={<KeyRound className="h-8 w-8 text-primary" aria-hidden="true" />}
    >
      <div className="space-y-6">
        <RecoverySteps kind="password" />
        <AuthSwitch prompt={t('forgot.remembered')} action={t('forgot.backToLogin')} to="/auth/user/login" />
      </div>
    </AuthCard>
  );
}
