import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { isNavItemActive, type TShellNavItem } from './shell-nav-item';

/** A sidebar link: icon, label, the current page marked with aria-current; `extra` sits at the end. */
export function ShellNavLink({
  item,
  onNavigate,
  extra,
}: {
  item: TShellNavItem;
  onNavigate?: (() => void) | undefined;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const active = isNavItemActive(item, pathname);
  const ref = useRef<HTMLAnchorElement>(null);
  // A long sidebar scrolls: keep the current entry in view (also when the drawer opens).
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const Icon = item.icon;
  return (
    <Link
      ref={ref}
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm transition-colors',
        active ? 'bg-primary/10 font-semibold text-primary' : 'text-muted hover:bg-surface-2 hover:text-fg',
      )}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">{t(item.labelKey)}</span>
      {extra}
    </Link>
  );
}
