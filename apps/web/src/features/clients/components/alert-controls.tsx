import type { TUser } from '@meridian/contracts/auth';
import { ALERT_KINDS, ALERT_MESSAGES, type TAlertKind } from '@meridian/contracts/client-actions';
import { turnMaintenanceAlertOn } from '@meridian/contracts/endpoints/client-actions';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCan } from '@/hooks/use-can';
import { useSetAlert } from '../api/set-alert';
import { ActionDialog } from './action-dialog';
import { AlertDialog } from './alert-dialog';

const STATE = {
  maintenance: (c: TUser) => ({ on: c.maintenanceAlert, message: c.maintenanceAlertMessage }),
  security: (c: TUser) => ({ on: c.securityAlert, message: c.securityAlertMessage }),
  planUpgrade: (c: TUser) => ({ on: c.planUpgradeAlert, message: c.planUpgradeAlertMessage }),
} as const satisfies Record<TAlertKind, (c: TUser) => { on: boolean; message: string | null }>;

/**
 * The alert controls: Enable/Disable Maintenance, Security Alert, Upgrade Alert. Each is a banner
 * on the client's dashboard; turning one on asks for an optional message, turning it off asks to confirm.
 */
export function AlertControls({ client }: { client: TUser }) {
  // Every alert switch shares one permission (client edits): a role without it sees no card.
  if (!useCan(turnMaintenanceAlertOn.permission)) return null;
  return <AlertControlsCard client={client} />;
}

function AlertControlsCard({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  const setAlert = useSetAlert(client.id);
  const [enabling, setEnabling] = useState<TAlertKind | null>(null);
  const [disabling, setDisabling] = useState<TAlertKind | null>(null);
  // Kept after closing, so the dialog keeps its words while it fades out.
  const [lastDisabled, setLastDisabled] = useState<TAlertKind>('maintenance');
  const name = `${client.firstname} ${client.lastname}`.trim();

  return (
    <Card title={t('alerts.title')} icon={BellRing}>
      <p className="mb-4 text-sm text-muted">{t('alerts.intro')}</p>
      <ul className="divide-y divide-border">
        {ALERT_KINDS.map((kind) => {
          const { on, message } = STATE[kind](client);
          return (
            <li
              key={kind}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
              data-testid={`alert-row-${kind}`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-fg">{t(`alerts.${kind}.name`)}</span>
                  <Badge tone={on ? 'warning' : 'neutral'}>{t(on ? 'alerts.on' : 'alerts.off')}</Badge>
                </div>
                {on && (
                  <p className="mt-1 break-words text-sm text-muted">
                    {message ? `“${message}”` : t('alerts.noMessage')}
                  </p>
                )}
              </div>
              <Button
                size="sm"
                variant={on ? 'outline' : 'secondary'}
                className="shrink-0"
                data-testid={`alert-toggle-${kind}`}
                onClick={() => {
                  if (on) {
                    setLastDisabled(kind);
                    setDisabling(kind);
                  } else setEnabling(kind);
                }}
              >
                {t(on ? `alerts.${kind}.disable` : `alerts.${kind}.enable`)}
              </Button>
            </li>
          );
        })}
      </ul>
      {ALERT_KINDS.map((kind) => (
        <AlertDialog
          key={kind}
          kind={kind}
          userId={client.id}
          clientName={name}
          open={enabling === kind}
          onOpenChange={(next) => setEnabling(next ? kind : null)}
        />
      ))}
      <ActionDialog
        open={disabling !== null}
        onOpenChange={(next) => {
          if (!next) setDisabling(null);
        }}
        title={t('alerts.disableTitle', { alert: t(`alerts.${lastDisabled}.name`) })}
        description={t('alerts.disableDescription', { name })}
        confirmLabel={t('alerts.disableConfirm')}
        tone="danger"
        action={() => setAlert.mutateAsync({ kind: lastDisabled, on: false })}
        done={ALERT_MESSAGES[lastDisabled].off}
        failure={(msg) => t('alerts.failedOff', { alert: t(`alerts.${lastDisabled}.name`), msg })}
      />
    </Card>
  );
}
