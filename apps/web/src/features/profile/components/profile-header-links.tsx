import { ArrowLeft, Fingerprint, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

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
      <Button asChild variant="ghost" size="sm">
        <Link to={dashboard}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('backToDashboard')}
        </Link>
      </Button>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={changePassword}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            {t('changePassword')}
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={security}>
            <Fingerprint className="h-4 w-4" aria-hidden="true" />
            {t('security')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
