import { getAuditLog } from '@meridian/contracts/endpoints/audit';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useCan } from '@/hooks/use-can';
import { useAudit } from '../api/get-audit';
import { AuditTable } from './audit-table';

/** The admin actions taken on one client, on their detail page; only for a role that may read the audit log. */
export function ClientAudit({ userId }: { userId: string }) {
  if (!useCan(getAuditLog.permission)) return null;
  return <ClientAuditSection userId={userId} />;
}

function ClientAuditSection({ userId }: { userId: string }) {
  const { t } = useTranslation('audit');
  const [page, setPage] = useState(1);
  const query = useAudit({ page, targetUserId: userId, limit: 5 });

  return (
    <section aria-labelledby="client-audit-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="client-audit-title" className="text-lg font-semibold text-fg">
          {t('clients:client.audit.title')}
        </h2>
        <Link
          to={`/admin/audit?client=${encodeURIComponent(userId)}`}
          className="rounded text-sm font-medium text-primary hover:underline"
        >
          {t('clients:client.audit.viewAll')}
        </Link>
      </div>
      <QueryView
        query={query}
        loading={<SkeletonList rows={2} />}
        errorTitle={t('backoffice:lists.loadError')}
        isEmpty={(data) => data.entries.length === 0}
        empty={<EmptyState icon={ScrollText} title={t('clients:client.audit.empty')} />}
      >
        {(data) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            <AuditTable entries={data.entries} hideClient />
            <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
          </div>
        )}
      </QueryView>
    </section>
  );
}
