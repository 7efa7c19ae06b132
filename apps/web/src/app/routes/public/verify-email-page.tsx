import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { VerifyEmail } from '@/features/email-verification/components/verify-email';
import { AuthCard } from './auth-card';

/** /verify-email?token=…: the link of the verification mail; it works signed in or not. */
export function Component() {
  const { t } = useTranslation('email-verification');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthCard
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      icon={<MailCheck className="h-8 w-8 text-primary" aria-hidden="true" />}
    >
      {token ? <VerifyEmail token={token} /> : <Alert tone="warning">{t('page.noToken')}</Alert>}
    </AuthCard>
  );
}
