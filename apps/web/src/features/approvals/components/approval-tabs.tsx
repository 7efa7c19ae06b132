import { APPROVAL_STATUSES, type TApprovalStatus } from '@meridian/contracts/approvals';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** Pending, Approved, Rejected: links to the page's three lists (the address keeps which), the current one marked. */
export function ApprovalTabs({ status }: { status: TApprovalStatus }) {
  const { t } = useTranslation('approvals');
  return (
    <nav aria-label={t('tabs.label')} className="-mx-1 overflow-x-auto px-1">
      <ul className="inline-flex min-w-max gap-1 rounded-xl border border-border bg-surface p-1">
        {APPROVAL_STATUSES.map((tab) => {
          const current = tab === status;
          return (
            <li key={tab}>
              <Link
                // A new tab starts at its first page: the search is replaced, `page` with it.
                to={{ search: tab === 'Pending' ? '' : `?status=${tab}` }}
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'block rounded-lg px-4 py-1.5 text-sm font-medium transition-colors',
                  current ? 'bg-primary text-primary-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
                )}
                data-testid={`approvals-tab-${tab}`}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
