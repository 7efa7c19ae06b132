import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/list-page';
import { PasskeysSection } from '@/features/passkeys/components/passkeys-section';
import { SessionsSection } from '@/features/sessions/components/sessions-section';
import { TwoFactorSection } from '@/features/two-factor/components/two-factor-section';

/**
 * /user/security and /admin/security: how the person signs in and where they are signed in. One
 * section per feature (docs/security.md): the second factor, passkeys and the list of sessions.
 */
export function SecurityPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={t('nav.security')} />
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
    </div>
  );
}
