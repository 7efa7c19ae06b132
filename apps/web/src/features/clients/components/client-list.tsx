import { createClient } from '@meridian/contracts/endpoints/clients';
import { Users } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useCan } from '@/hooks/use-can';
import { usePageParam } from '@/hooks/use-page-param';
import { messageKey } from '@/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import { useClients } from '../api/get-clients';
import { useSearchClients } from '../api/search-clients';
import { ClientSearch } from './client-search';
import { ClientTable } from './client-table';

/** The new-client form (with its form and validation libraries) loads when it opens, not with the dashboard. */
const NewClientDialog = lazyComponent(() => import('./new-client-dialog'), 'NewClientDialog');

const SEARCH_PARAM = 'search';

/**
 * Client Management (on /admin and /admin/clients): the search box, + New Client, the
 * table paged by 10 (page and search kept in the address), and the loading, empty and error states.
 */
export function ClientList({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('clients');
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const search = (params.get(SEARCH_PARAM) ?? '').trim();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan(createClient.permission);

  const list = useClients(page, !search);
  const found = useSearchClients(search, page);
  const query = search ? found : list;

  const onSearch = (text: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (text) next.set(SEARCH_PARAM, text);
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );

  // A page past the end (clients were deleted, or an old link): go to the last page there is.
  const totalPage = query.data?.totalPage;
  useEffect(() => {
    if (totalPage !== undefined && page > Math.max(totalPage, 1)) setPage(Math.max(totalPage, 1));
  }, [page, totalPage, setPage]);

  const Heading = headingLevel;
  return (
    <section aria-labelledby="client-management-title" className="space-y-4" data-testid="client-management">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id="client-management-title" className="text-xl font-semibold text-fg">
            {t('list.title')}
          </Heading>
          <p className="mt-1 text-sm text-muted">{t('list.subtitle')}</p>
        </div>
        {canCreate && (
          <Button onClick={() => setCreating(true)} data-testid="new-client">
            {t('list.newClient')}
          </Button>
        )}
      </div>
      <ClientSearch value={search} onSearch={onSearch} searching={Boolean(search) && found.isFetching} />

      <QueryView
        query={query}
        loading={<SkeletonList rows={5} />}
        errorTitle={t(messageKey(search ? 'clients.searchFailed' : 'clients.loadFailed'))}
        isEmpty={(data) => data.clients.length === 0}
        empty={
          <EmptyState
            icon={Users}
            title={t('list.empty')}
            description={search ? t('list.emptySearch', { search }) : undefined}
            action={
              search ? (
                <Button variant="outline" onClick={() => onSearch('')}>
                  {t('search.clear')}
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(data) => (
          <div aria-busy={query.isPlaceholderData || undefined}>
            <ClientTable caption={t('list.title')} clients={data.clients} />
            <Pager page={page} totalPage={data.totalPage} onPageChange={setPage} />
          </div>
        )}
      </QueryView>

      {creating && (
        <Suspense fallback={null}>
          <NewClientDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </section>
  );
}
