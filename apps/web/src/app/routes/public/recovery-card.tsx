import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthSwitch } from '@/features/auth/components/auth-switch';
import { AuthCard } from './auth-card';

/** The card of a password recovery page: what the page holds, then the way back to the login. */
export function RecoveryCard({
  title,
  subtitle,
  icon: Icon,
  children,
}: {
  title: string;
  subtitle: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const { t } = useTranslation('recovery');
  return (
    <AuthCard title={title} subtitle={subtitle} icon={<Icon className="h-8 w-8 text-primary" aria-hidden="true" />}>
      <div className="space-y-6">
        {children}
        <AuthSwitch prompt={t('forgot.remembered')} action={t('forgot.backToLogin')} to="/auth/user/login" />
      </div>
    </AuthCard>
  );
}
