import type { TUser } from '@meridian/contracts/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient } from '@/api/client';
import { BackButton } from '@/components/ui/back-button';
import { DetailPage } from '@/components/ui/detail-page';
import { LoadingStatus, Skeleton } from '@/components/ui/skeleton';
import { ClientHeader } from './client-header';

export interface ClientDetailProps {
  id: string;
  /**
   * The page's sections below the header, given the loaded client: balances, actions, history,
   * audit… Later areas add theirs here without touching this frame.
   */
  children: (client: TUser) => ReactNode;
}

/** /admin/client_details/{id}: Back, the header card, then the sections. */
export function ClientDetail({ id, children }: ClientDetailProps) {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const client = useClient(id);

  const back = () => {
    // Back where the admin came from (a list, a transaction); straight in from a link: the client list.
    if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate('/admin/clients');
  };

  return (
    <DetailPage
      width="lg"
      back={<BackButton onClick={back}>{t('common:actions.back')}</BackButton>}
      query={client}
      loading={
        <LoadingStatus className="space-y-6">
          <Skeleton className="h-24 rounded-2xl" />
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-64 rounded-2xl" />
            <Skeleton className="h-64 rounded-2xl" />
          </div>
        </LoadingStatus>
      }
      errorTitle={t('client.loadError')}
    >
      {(data) => (
        <>
          <ClientHeader client={data} />
          {children(data)}
        </>
      )}
    </DetailPage>
  );
}
