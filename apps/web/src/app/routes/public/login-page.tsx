import { useTranslation } from 'react-i18next';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthCard } from './auth-card';
import { renderUnlockDialog } from './unlock-slot';
import { useOrigin } from './use-origin';

/** /auth/user/login */
export function Component() {
  const { t } = useTranslation('auth');
  const origin = useOrigin();
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm
        from={origin}
        unlock={renderUnlockDialog}
        footer={<AuthSwitch prompt={t('login.noAccount')} action={t('login.signUp')} to="/register" />}
      />
    </AuthCard>
  );
}
