import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * A page inside a shell failed (a render error, or its code could not load after a deploy): the
 * shell stays usable and the body offers a reload.
 */
export function ShellPageError() {
  const { t } = useTranslation(['shell', 'common']);
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <span className="mb-4 grid h-14 w-14 place-items-center rounded-full bg-danger-soft text-danger">
        <TriangleAlert className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold text-fg">{t('shell:pageError.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('shell:pageError.body')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
