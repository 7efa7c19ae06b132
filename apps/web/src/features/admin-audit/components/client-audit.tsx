import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pager } from '@/components/ui/pager';
import { SkeletonList } from '@/components/ui/skeleton';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useAudit } from '../api/get-audit';
import { AuditTable } from './audit-table';

/** The admin actions taken on one client, on their detail page. */
export function ClientAudit({ userId }: { userId: string }) {
  const { t } = useTranslation('backoffice');
  const errorText = useApiErrorText();
  const [page, setPage] = useState(1);
  const query = useAudit({ page, targetUserId: userId, limit: 5 });

  return (
    <section aria-labelledby="client-audit-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="client-audit-title" className="text-lg font-semibold text-fg">
          {t('client.audit.title')}
        </h2>
        <Link
          to={`/admin/audit?client=${encodeURIComponent(userId)}`}
          className="rounded text-sm font-medium text-primary hover:underline"
        >
          {t('client.audit.viewAll')}
        </Link>
      </div>
      {query.isPending ? (
        <SkeletonList rows={2} />
      ) : query.isError ? (
        <ErrorState
          title={t('lists.loadError')}
          description={errorText(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('client.audit.empty')} />
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          <AuditTable entries={query.data.entries} hideClient />
          <Pager page={page} totalPage={query.data.totalPage} onPageChange={setPage} />
        </div>
      )}
    </section>
  );
}
