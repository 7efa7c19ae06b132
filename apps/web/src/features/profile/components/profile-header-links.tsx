import { ArrowLeft, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Back to Dashboard and Change Password, above a profile (client or admin). */
export function ProfileHeaderLinks({ dashboard, changePassword }: { dashboard: string; changePassword: string }) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Button asChild variant="ghost" size="sm">
        <Link to={dashboard}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('backToDashboard')}
        </Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={changePassword}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {t('changePassword')}
        </Link>
      </Button>
    </div>
  );
}
