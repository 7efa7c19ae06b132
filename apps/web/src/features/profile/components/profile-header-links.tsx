import { ArrowLeft, Fingerprint, KeyRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TButtonLook } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';

function HeaderLink({
  to,
  icon: Icon,
  variant,
  children,
}: {
  to: string;
  icon: LucideIcon;
  variant: TButtonLook['variant'];
  children: ReactNode;
}) {
  return (
    <ButtonLink variant={variant} size="sm" to={to}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {children}
    </ButtonLink>
  );
}

/** Back to Dashboard, Change Password and Security, above a profile (client or admin). */
export function ProfileHeaderLinks({
  dashboard,
  changePassword,
  security,
}: {
  dashboard: string;
  changePassword: string;
  security: string;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <HeaderLink to={dashboard} icon={ArrowLeft} variant="ghost">
        {t('backToDashboard')}
      </HeaderLink>
      <div className="flex flex-wrap items-center gap-2">
        <HeaderLink to={changePassword} icon={KeyRound} variant="outline">
          {t('changePassword')}
        </HeaderLink>
        <HeaderLink to={security} icon={Fingerprint} variant="outline">
          {t('security')}
        </HeaderLink>
      </div>
    </div>
  );
}
