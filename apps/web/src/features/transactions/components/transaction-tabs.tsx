import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

const TABS = [
  { to: '/admin/transactions', labelKey: 'tabs.all' },
  { to: '/admin/deposits', labelKey: 'tabs.deposits' },
  { to: '/admin/withdrawals', labelKey: 'tabs.withdrawals' },
  { to: '/admin/investments', labelKey: 'tabs.investments' },
] as const;

/** All, Deposits, Withdrawals, Investments: links, the current path marked. */
export function TransactionTabs() {
  const { t } = useTranslation('transactions');
  return (
    <nav aria-label={t('tabs.label')} className="-mx-1 overflow-x-auto px-1">
      <ul className="inline-flex min-w-max gap-1 rounded-xl border border-border bg-surface p-1">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'block rounded-lg px-4 py-1.5 text-sm font-medium transition-colors',
                  isActive ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                )
              }
            >
              {t(tab.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
