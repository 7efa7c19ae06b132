import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import type { TOrderListState } from '../constants';

const TABS: readonly { state: TOrderListState; search: string }[] = [
  { state: 'pending', search: '' },
  { state: 'done', search: '?state=done' },
];

/** Pending and History: links to the page's two lists (the address keeps which), the current one marked. */
export function OrderTabs({ state }: { state: TOrderListState }) {
  const { t } = useTranslation('orders');
  return (
    <nav aria-label={t('tabs.label')} className="-mx-1 overflow-x-auto px-1">
      <ul className="inline-flex min-w-max gap-1 rounded-xl border border-border bg-surface p-1">
        {TABS.map((tab) => {
          const current = tab.state === state;
          return (
            <li key={tab.state}>
              <Link
                to={{ search: tab.search }}
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'block rounded-lg px-4 py-1.5 text-sm font-medium transition-colors',
                  current ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                )}
                data-testid={`orders-tab-${tab.state}`}
              >
                {t(`tabs.${tab.state}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
