import { useParams } from 'react-router';
import { ClientAudit } from '@/features/admin-audit/components/client-audit';
import { ClientAccount } from '@/features/admin-clients/components/client-account';
import { ClientBalances } from '@/features/admin-clients/components/client-balances';
import { ClientDetail } from '@/features/admin-clients/components/client-detail';
import { ClientMoneyActions } from '@/features/admin-clients/components/client-money-actions';
import { UserTransactions } from '@/features/admin-transactions/components/user-transactions';

/**
 * /admin/client_details/{id} (spec 02 §2). The page is a stack of sections from several areas,
 * composed here: money now; account status, verification, alerts and messages join later as more
 * sections in the same places.
 */
export function ClientDetailsPage() {
  const { id = '' } = useParams();
  return (
    <ClientDetail key={id} id={id}>
      {(client) => (
        <>
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <ClientBalances userId={client.id} />
            <div className="space-y-6">
              <ClientMoneyActions client={client} />
              <ClientAccount client={client} />
            </div>
          </div>
          <UserTransactions userId={client.id} />
          <ClientAudit userId={client.id} />
        </>
      )}
    </ClientDetail>
  );
}

export { ClientDetailsPage as Component };
