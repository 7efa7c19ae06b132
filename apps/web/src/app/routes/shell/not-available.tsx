import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useShellTitle } from '@/components/layouts/shell-title';
import { BRAND_NAME } from '@/components/logo';
import { ButtonLink } from '@/components/ui/button-link';
import { useShellHome } from './shell-home';

/** Stands in for every page of the client and admin areas that is not built yet. */
export function NotAvailablePage() {
  const { t } = useTranslation(['common', 'shell']);
  const title = useShellTitle();
  const home = useShellHome();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-2xl font-semibold text-fg">{title}</h1>
      <section
        aria-labelledby="not-available-title"
        className="flex flex-col items-center rounded-2xl border border-border bg-surface px-6 py-12 text-center"
      >
        <span className="mb-4 grid h-14 w-14 place-items-center rounded-full bg-primary/10 text-primary">
          <Construction className="h-7 w-7" aria-hidden="true" />
        </span>
        <h2 id="not-available-title" className="text-lg font-semibold text-fg">
          {t('common:notAvailableYet.title')}
        </h2>
        <p className="mt-2 max-w-md text-sm text-muted">{t('common:notAvailableYet.body', { brand: BRAND_NAME })}</p>
        <ButtonLink variant="outline" className="mt-6" to={home}>
          {t('shell:backToOverview')}
        </ButtonLink>
      </section>
    </div>
  );
}

export { NotAvailablePage as Component };
