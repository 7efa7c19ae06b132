import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { StatusPage } from './status-page';

/** The way back depends on the role kept in local storage. */
function returnPath(): { to: string; key: 'notFound.returnHome' | 'notFound.returnDashboard' } {
  const role = readStorage(STORAGE_KEYS.role);
  if (role === 'Admin') return { to: '/admin', key: 'notFound.returnDashboard' };
  if (role === 'Client') return { to: '/user', key: 'notFound.returnDashboard' };
  return { to: '/', key: 'notFound.returnHome' };
}

/** Any path no route matches. */
export function Component() {
  const { t } = useTranslation('public');
  const back = returnPath();
  return (
    <StatusPage
      code="404"
      title={t('notFound.title')}
      body={t('notFound.body')}
      linkTo={back.to}
      linkLabel={t(back.key)}
      icon={<Compass className="h-7 w-7" aria-hidden="true" />}
    />
  );
}
