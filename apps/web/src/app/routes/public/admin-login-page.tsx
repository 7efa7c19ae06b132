import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { AuthCard } from './auth-card';
import { useOrigin } from './use-origin';

/** /auth/admin/login and /admin/login */
export function Component() {
  const { t } = useTranslation('auth');
  const origin = useOrigin();
  return (
    <AuthCard
      title={t('adminLogin.title')}
      subtitle={t('adminLogin.subtitle')}
      icon={<ShieldCheck className="h-8 w-8 text-primary" aria-hidden="true" />}
    >
      <AdminLoginForm from={origin} />
    </AuthCard>
  );
}
