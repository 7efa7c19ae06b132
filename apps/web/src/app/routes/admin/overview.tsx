import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';

/** /admin (spec 02 §2): for now the heading and who is signed in; the summary cards come later. */
export function AdminOverviewPage() {
  const { t } = useTranslation('shell');
  const current = useSession();
  if (!current) return null;
  const { firstname, lastname } = current.user;
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold text-fg">{t('admin.nav.overview')}</h1>
      <p className="text-sm text-muted">{t('admin.signedInAs', { name: `${firstname} ${lastname}`.trim() })}</p>
    </div>
  );
}

export { AdminOverviewPage as Component };
