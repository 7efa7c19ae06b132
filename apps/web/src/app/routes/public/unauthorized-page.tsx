import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** /unauthorized: signed in, but not allowed there. */
export function Component() {
  const { t } = useTranslation('public');
  return (
    <StatusPage
      code="403"
      title={t('unauthorized.title')}
      body={t('unauthorized.body')}
      linkTo="/"
      linkLabel={t('unauthorized.returnHome')}
      icon={<ShieldAlert className="h-7 w-7" aria-hidden="true" />}
    />
  );
}
