import { useParams } from 'react-router';
import { ClientAudit } from '@/features/audit/components/client-audit';
import { AccountControls } from '@/features/clients/components/account-controls';
import { AlertControls } from '@/features/clients/components/alert-controls';
import { ClientAccount } from '@/features/clients/components/client-account';
import { ClientBalances } from '@/features/clients/components/client-balances';
import { ClientDetail } from '@/features/clients/components/client-detail';
import { ClientMoneyActions } from '@/features/clients/components/client-money-actions';
import { ClientSessionsCard } from '@/features/sessions/components/client-sessions-card';
import { ClientStatements } from '@/features/statements/components/client-statements';
import { UserTransactions } from '@/features/transactions/components/user-transactions';
import { ClientTwoFactorCard } from '@/features/two-factor/components/client-two-factor-card';

/**
 * /admin/client_details/{id}. The page is a stack of sections from several areas,
 * composed here: balances and account controls, money actions, account facts and dashboard alerts,
 * then history and audit.
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
              <AccountControls client={client} />
              <ClientMoneyActions client={client} />
            </div>
          </div>
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <ClientAccount client={client} />
            <AlertControls client={client} />
          </div>
          <ClientSessionsCard client={client} />
          <ClientTwoFactorCard userId={client.id} />
          <ClientStatements userId={client.id} name={`${client.firstname} ${client.lastname}`.trim()} />
          <UserTransactions userId={client.id} />
          <ClientAudit userId={client.id} />
        </>
      )}
    </ClientDetail>
  );
}

export { ClientDetailsPage as Component };
