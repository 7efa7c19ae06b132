import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SummaryFiguresLoading } from '@/components/ui/summary-figures';
import { useApiErrorText } from '@/hooks/use-api-error-text';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { ApiError } from '@/lib/api-client';
import { usePublicReserves } from '../api/get-public-reserves';
import { RootText } from './coverage';
import { SnapshotFigures } from './snapshot-figures';

/**
 * The latest published snapshot for anyone (docs/money.md, "Proof of reserves"): its root and totals,
 * nothing of any client. Clients check their own inclusion after signing in.
 */
export function PublicReserves() {
  const { t } = useTranslation('reserves');
  const format = useLocaleFormat();
  const errorText = useApiErrorText();
  const query = usePublicReserves();
  if (query.isPending) return <SummaryFiguresLoading figures={4} columns={4} />;
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <EmptyState icon={Scale} title={t('public.none')} description={t('public.noneBody')} />
    ) : (
      <ErrorState
        title={t('public.loadError')}
        description={errorText(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const snapshot = query.data;
  return (
    <div className="space-y-6">
      <SnapshotFigures snapshot={snapshot} />
      <Card title={t('public.rootTitle')}>
        <p className="mb-3 text-sm text-muted">{t('public.rootBody', { date: format.dateTime(snapshot.createdAt) })}</p>
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <RootText root={snapshot.root} testId="public-root" />
          </div>
          <CopyButton value={snapshot.root} label={t('copyRoot')} iconOnly variant="outline" size="sm" />
        </div>
      </Card>
    </div>
  );
}
