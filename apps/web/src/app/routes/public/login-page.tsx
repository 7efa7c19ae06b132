import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { LoginForm } from '@/features/auth/components/login-form';
import type { TSignedUpState } from '@/features/auth/components/register-form';
import { AuthCard } from './auth-card';
import { renderUnlockDialog } from './unlock-slot';
import { useOrigin } from './use-origin';

/** /auth/user/login */
export function Component() {
  const { t } = useTranslation('auth');
  const origin = useOrigin();
  const signedUp = useLocation().state as TSignedUpState | null;
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm
        from={origin}
        email={signedUp?.email}
        unlock={renderUnlockDialog}
        footer={<AuthSwitch prompt={t('login.noAccount')} action={t('login.signUp')} to="/register" />}
      />
    </AuthCard>
  );
}
