import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffRole } from '@/hooks/use-can';
import { adminNavFor, type TAdminNavSection } from './admin-nav';
import { BrandLink } from './brand-link';
import { ShellNavLink } from './shell-nav';
import { SidebarLogoutButton } from './sidebar-logout-button';

export interface AdminSidebarProps {
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
  onLogout: () => void;
  /** Repeat the brand at the top (in the drawer, which covers the top bar). */
  withBrand?: boolean;
}

/** The admin navigation in its sections (those entries the staff member's role allows), then Logout. */
export function AdminSidebar({ onNavigate, onLogout, withBrand = false }: AdminSidebarProps) {
  const { t } = useTranslation('shell');
  const sections = adminNavFor(useStaffRole());
  return (
    <div className="flex h-full flex-col">
      {withBrand && (
        <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
          <BrandLink to="/admin" onClick={onNavigate} />
        </div>
      )}
      <nav aria-label={t('nav.admin')} className="min-h-0 flex-1 space-y-5 overflow-y-auto px-3 py-4">
        {sections.map((section) => (
          <AdminNavSection key={section.titleKey} section={section} onNavigate={onNavigate} />
        ))}
      </nav>
      <div className="shrink-0 border-t border-border p-3">
        <SidebarLogoutButton className="w-full" onLogout={onLogout} />
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
