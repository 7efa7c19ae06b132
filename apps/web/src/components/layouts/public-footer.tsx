import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BRAND_NAME, Logo } from '@/components/logo';

const FOOTER_LINKS = [
  { to: '/about', key: 'nav.about' },
  { to: '/services', key: 'nav.services' },
  { to: '/support', key: 'nav.support' },
  { to: '/signup-process', key: 'footer.signupProcess' },
  { to: '/privacy-policy', key: 'footer.privacy' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/risk-disclosure', key: 'footer.riskDisclosure' },
] as const;

export function PublicFooter() {
  const { t } = useTranslation('public');
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 sm:px-6">
        <div className="flex items-center gap-2 font-semibold text-fg">
          <Logo className="h-6 w-6" />
          <span>{BRAND_NAME}</span>
        </div>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted hover:text-fg hover:underline">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="max-w-3xl text-xs leading-relaxed text-muted">{t('footer.risk')}</p>
        <p className="text-sm text-muted">
          {t('footer.rights', { year: new Date().getFullYear(), brand: BRAND_NAME })}
        </p>
      </div>
    </footer>
  );
}
