import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '@/components/logo';

/** The year and an admin panel copyright line. */
export function AdminFooter() {
  const { t } = useTranslation('shell');
  return (
    <footer className="border-t border-border px-4 py-4 text-center text-xs text-muted sm:px-6 lg:px-8">
      {t('admin.footer', { year: new Date().getFullYear(), brand: BRAND_NAME })}
    </footer>
  );
}
