import { ClientList } from '@/features/clients/components/client-list';

/** /admin/clients: the Client Management table on its own. */
export function AdminClientsPage() {
  return (
    <div className="mx-auto max-w-7xl">
      <ClientList headingLevel="h1" />
    </div>
  );
}

export { AdminClientsPage as Component };
