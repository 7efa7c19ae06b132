import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { useShellHome } from './shell-home';

/**
 * A back-office page the staff member's role cannot use (docs/security.md, "Staff roles"): the frame
 * stays and the body says so, in the server's own words for the refusal.
 */
export function NotAllowedPage() {
  const { t } = useTranslation(['staff', 'shell']);
  const home = useShellHome();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center" data-testid="not-allowed">
      <span className="mb-4 grid h-14 w-14 place-items-center rounded-full bg-surface-2 text-muted">
        <ShieldX className="h-7 w-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-semibold text-fg">{t('staff:notAllowed')}</h1>
      <p className="mt-2 text-sm text-muted">{t('staff:page.notAllowedBody')}</p>
      <ButtonLink className="mt-6" to={home}>
        {t('shell:backToOverview')}
      </ButtonLink>
    </div>
  );
}
