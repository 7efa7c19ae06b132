import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

/** The public site's main pages. */
const NAV_ITEMS = [
  { to: '/', key: 'nav.home' },
  { to: '/about', key: 'nav.about' },
  { to: '/services', key: 'nav.services' },
  { to: '/support', key: 'nav.support' },
] as const;

/** The public site's main links; `onNavigate` lets the mobile menu close itself. */
export function PublicNavLinks({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('public');
  return (
    <ul className={cn('flex', stacked ? 'flex-col gap-1' : 'items-center gap-1')}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                isActive ? 'bg-surface-2 text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
              )
            }
          >
            {t(item.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
