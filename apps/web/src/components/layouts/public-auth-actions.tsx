import type { TUserType } from '@meridian/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';

export type TAuthDialog = 'login' | 'register';

const DASHBOARD: Record<TUserType, string> = { Client: '/user', Admin: '/admin', Agent: '/unauthorized' };

/**
 * Log in and Sign up open modal forms; Client Portal goes to the login page and becomes Dashboard
 * once signed in.
 */
export function PublicAuthActions({
  onOpenDialog,
  onNavigate,
  stacked = false,
}: {
  onOpenDialog: (dialog: TAuthDialog) => void;
  onNavigate?: () => void;
  stacked?: boolean;
}) {
  const { t } = useTranslation('public');
  const current = useSession();
  const layout = cn('flex gap-2', stacked ? 'flex-col' : 'items-center');
  if (current) {
    return (
      <div className={layout}>
        <ButtonLink to={DASHBOARD[current.role]} onClick={onNavigate}>
          {t('header.dashboard')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={layout}>
      <Button variant="ghost" onClick={() => onOpenDialog('login')}>
        {t('header.logIn')}
      </Button>
      <Button variant="outline" onClick={() => onOpenDialog('register')}>
        {t('header.signUp')}
      </Button>
      <ButtonLink to="/auth/user/login" onClick={onNavigate}>
        {t('header.clientPortal')}
      </ButtonLink>
    </div>
  );
}
