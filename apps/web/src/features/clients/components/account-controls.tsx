import type { TUser } from '@meridian/contracts/auth';
import { updateClient } from '@meridian/contracts/endpoints/client-actions';
import { BadgeCheck, BadgeX, Pencil, Power, PowerOff, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCan } from '@/hooks/use-can';
import { useSetActive } from '../api/set-active';
import { useSetVerified } from '../api/set-verified';
import { ActionDialog } from './action-dialog';
import { UpdateClientDialog } from './update-client-dialog';

type TOpen = 'active' | 'verified' | 'update' | null;

/**
 * The account actions: Deactivate or Activate, Unverify or Verify, Update Info; each opens a dialog.
 * All are client edits (one permission): a role without it sees no card.
 */
export function AccountControls({ client }: { client: TUser }) {
  if (!useCan(updateClient.permission)) return null;
  return <AccountControlsCard client={client} />;
}

function AccountControlsCard({ client }: { client: TUser }) {
  const { t } = useTranslation('clients');
  const setActive = useSetActive(client.id);
  const setVerified = useSetVerified(client.id);
  const [open, setOpen] = useState<TOpen>(null);
  // The action chosen when the dialog opened: the badge may flip while the dialog still shows its outcome.
  const [activeTarget, setActiveTarget] = useState(!client.isActive);
  const [verifiedTarget, setVerifiedTarget] = useState(!client.isVerified);
  const name = `${client.firstname} ${client.lastname}`.trim();
  const activeKey = activeTarget ? 'activate' : 'deactivate';
  const verifyKey = verifiedTarget ? 'verify' : 'unverify';
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  return (
    <Card title={t('controls.title')} icon={ShieldCheck}>
      <p className="mb-4 text-sm text-muted">{t('controls.intro')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          variant={client.isActive ? 'danger' : 'primary'}
          className="justify-start"
          data-testid="action-toggle-active"
          onClick={() => {
            setActiveTarget(!client.isActive);
            setOpen('active');
          }}
        >
          {client.isActive ? (
            <PowerOff className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Power className="h-4 w-4" aria-hidden="true" />
          )}
          {t(client.isActive ? 'deactivate.button' : 'activate.button')}
        </Button>
        <Button
          variant="outline"
          className="justify-start"
          data-testid="action-toggle-verified"
          onClick={() => {
            setVerifiedTarget(!client.isVerified);
            setOpen('verified');
          }}
        >
          {client.isVerified ? (
            <BadgeX className="h-4 w-4" aria-hidden="true" />
          ) : (
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
          )}
          {t(client.isVerified ? 'unverify.button' : 'verify.button')}
        </Button>
        <Button
          variant="outline"
          className="justify-start sm:col-span-2"
          data-testid="action-update-info"
          onClick={() => setOpen('update')}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          {t('update.button')}
        </Button>
      </div>

      <ActionDialog
        open={open === 'active'}
        onOpenChange={close}
        title={t(`${activeKey}.title`)}
        description={t(`${activeKey}.description`, { name })}
        confirmLabel={t(`${activeKey}.button`)}
        tone={activeTarget ? 'primary' : 'danger'}
        action={() => setActive.mutateAsync(activeTarget)}
        done={activeTarget ? 'clients.activated' : 'clients.deactivated'}
        failure={(msg) => t(`${activeKey}.failed`, { msg })}
      />
      <ActionDialog
        open={open === 'verified'}
        onOpenChange={close}
        title={t(`${verifyKey}.title`)}
        description={t(`${verifyKey}.description`, { name })}
        confirmLabel={t(`${verifyKey}.button`)}
        tone={verifiedTarget ? 'primary' : 'danger'}
        action={() => setVerified.mutateAsync(verifiedTarget)}
        done={verifiedTarget ? 'clients.verified' : 'clients.unverified'}
        failure={(msg) => t(`${verifyKey}.failed`, { msg })}
        fallback={t(`${verifyKey}.fallback`)}
      />
      {open === 'update' && <UpdateClientDialog client={client} onClose={() => setOpen(null)} />}
    </Card>
  );
}
