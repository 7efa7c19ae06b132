import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { useShellHome } from './shell-home';

/** An unknown path inside the client or admin area: the shell stays, the body says so. */
export function ShellNotFoundPage() {
  const { t } = useTranslation('shell');
  const home = useShellHome();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <span className="mb-4 grid h-14 w-14 place-items-center rounded-full bg-surface-2 text-muted">
        <Compass className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold text-fg">{t('notFound.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('notFound.body')}</p>
      <ButtonLink className="mt-6" to={home}>
        {t('backToOverview')}
      </ButtonLink>
    </div>
  );
}

export { ShellNotFoundPage as Component };
