import { useTranslation } from 'react-i18next';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { RegisterForm } from '@/features/auth/components/register-form';
import { AuthCard } from './auth-card';

/** /register */
export function Component() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} wide>
      <RegisterForm
        footer={<AuthSwitch prompt={t('register.haveAccount')} action={t('register.logIn')} to="/auth/user/login" />}
      />
    </AuthCard>
  );
}
