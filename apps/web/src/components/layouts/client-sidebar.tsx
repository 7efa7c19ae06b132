import type { TUser } from '@meridian/contracts/auth';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '@/components/language-picker';
import { ThemeToggle } from '@/components/theme-toggle';
import { BrandLink } from './brand-link';
import { clientNavItems, KYC_NAV_PATH, needsVerification } from './client-nav';
import { ClientUserCard } from './client-user-card';
import { ShellNavLink } from './shell-nav';
import { SidebarLogoutButton } from './sidebar-logout-button';

export interface ClientSidebarProps {
  user: TUser;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
  onLogout: () => void;
  /** Rendered in the drawer of small screens (which also offers the language on a phone). */
  inDrawer?: boolean;
}

/**
 * Brand, who is signed in, the client navigation, and at the bottom the language (phones), the
 * theme toggle (below `lg`) and Logout.
 */
export function ClientSidebar({ user, onNavigate, onLogout, inDrawer = false }: ClientSidebarProps) {
  const { t } = useTranslation('shell');
  const unverified = needsVerification(user);
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
        <BrandLink to="/user" onClick={onNavigate} />
      </div>
      <ClientUserCard user={user} />
      <nav aria-label={t('nav.client')} className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        <ul className="space-y-0.5">
          {clientNavItems(user.id).map((item) => (
            <li key={item.labelKey}>
              <ShellNavLink
                item={item}
                onNavigate={onNavigate}
                extra={item.to === KYC_NAV_PATH && unverified ? <KycDot /> : null}
              />
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-t border-border p-3">
        {/* On a phone the header leaves the language to the drawer, so the page title has room. */}
        {inDrawer && <LanguagePicker className="sm:hidden" />}
        <ThemeToggle className="lg:hidden" />
        <SidebarLogoutButton className="flex-1" onLogout={onLogout} />
      </div>
    </div>
  );
}

function KycDot() {
  const { t } = useTranslation('shell');
  return (
    <span className="h-2 w-2 shrink-0 rounded-full bg-danger" data-testid="kyc-dot">
      <span className="sr-only">{t('kyc.required')}</span>
    </span>
  );
}
