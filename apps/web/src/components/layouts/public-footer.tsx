import { useTranslation } from 'react-i18next';
import { BRAND_NAME, Logo } from '@/components/logo';

export function PublicFooter() {
  const { t } = useTranslation('public');
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 sm:px-6">
        <div className="flex items-center gap-2 font-semibold text-fg">
          <Logo className="h-6 w-6" />
          <span>{BRAND_NAME}</span>
        </div>
        <p className="max-w-3xl text-xs leading-relaxed text-muted">{t('footer.risk')}</p>
        <p className="text-sm text-muted">
          {t('footer.rights', { year: new Date().getFullYear(), brand: BRAND_NAME })}
        </p>
      </div>
    </footer>
  );
}
