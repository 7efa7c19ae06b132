import type { TUser } from '@meridian/contracts/auth';
import { endClientSessions } from '@meridian/contracts/endpoints/sessions';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonList } from '@/components/ui/skeleton';
import { useCan } from '@/hooks/use-can';
import { useClientSessions } from '../api/get-client-sessions';
import { EndClientSessionsDialog } from './end-client-sessions-dialog';
import { SessionItem } from './session-item';

/** The admin's view of a client's signed-in sessions, with "End all sessions" (a reason, audited). */
export function ClientSessionsCard({ client }: { client: TUser }) {
  const { t } = useTranslation('sessions');
  const sessions = useClientSessions(client.id);
  const [ending, setEnding] = useState(false);
  const canEnd = useCan(endClientSessions.permission);
  const name = `${client.firstname} ${client.lastname}`.trim() || client.email;

  return (
    <Card
      title={t('admin.title')}
      icon={MonitorSmartphone}
      actions={
        canEnd && (
          <Button variant="danger" size="sm" onClick={() => setEnding(true)} data-testid="end-client-sessions">
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t('admin.endAll.button')}
          </Button>
        )
      }
    >
      <p className="mb-4 text-sm text-muted">{t('admin.intro')}</p>
      <QueryView
        query={sessions}
        loading={<SkeletonList rows={2} />}
        errorTitle={t('admin.loadFailed')}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState icon={MonitorSmartphone} title={t('admin.empty')} />}
      >
        {(list) => (
          <ul className="space-y-3" aria-label={t('admin.title')}>
            {list.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
        )}
      </QueryView>
      {ending && <EndClientSessionsDialog userId={client.id} name={name} onClose={() => setEnding(false)} />}
    </Card>
  );
}
