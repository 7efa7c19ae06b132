import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BRAND_NAME, Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { ADMIN_NAV, type TAdminNavSection } from './admin-nav';
import { ShellNavLink } from './shell-nav';

export interface AdminSidebarProps {
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
  onLogout: () => void;
  /** Repeat the brand at the top (in the drawer, which covers the top bar). */
  withBrand?: boolean;
}

/** The admin navigation in its six sections, then Logout. */
export function AdminSidebar({ onNavigate, onLogout, withBrand = false }: AdminSidebarProps) {
  const { t } = useTranslation('shell');
  return (
    <div className="flex h-full flex-col">
      {withBrand && (
        <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
          <Link to="/admin" onClick={onNavigate} className="flex items-center gap-2 rounded-lg font-semibold text-fg">
            <Logo />
            <span>{BRAND_NAME}</span>
          </Link>
        </div>
      )}
      <nav aria-label={t('nav.admin')} className="min-h-0 flex-1 space-y-5 overflow-y-auto px-3 py-4">
        {ADMIN_NAV.map((section) => (
          <AdminNavSection key={section.titleKey} section={section} onNavigate={onNavigate} />
        ))}
      </nav>
      <div className="shrink-0 border-t border-border p-3">
        <Button variant="ghost" className="w-full justify-start" onClick={onLogout}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t('logout.button')}
        </Button>
      </div>
    </div>
  );
}

function AdminNavSection({
  section,
  onNavigate,
}: {
  section: TAdminNavSection;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('shell');
  const headingId = useId();
  return (
    <div>
      <p id={headingId} className="mb-1.5 px-3 text-xs font-semibold uppercase tracking-wide text-muted">
        {t(section.titleKey)}
      </p>
      <ul aria-labelledby={headingId} className="space-y-0.5">
        {section.items.map((item) => (
          <li key={item.to}>
            <ShellNavLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </div>
  );
}
